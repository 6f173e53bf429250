// ESLint rule: no literal UI text in JSX. Words a visitor reads (element text, and the attributes a screen reader
// or tooltip reads out) come from the message catalogs, so each has an English and an Arabic form. Text without a
// letter (punctuation, separators, digits, spaces) is allowed.

const LETTER = /\p{L}/u;
/** Attributes whose value people read or hear. */
const READ_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "title",
  "alt",
  "placeholder",
  "label",
  "description",
]);

const hasLetter = (value) => typeof value === "string" && LETTER.test(value);

function literalText(node) {
  if (!node) return undefined;
  if (node.type === "Literal") return hasLetter(node.value) ? node : undefined;
  if (node.type === "TemplateLiteral") return node.quasis.some((q) => hasLetter(q.value.cooked)) ? node : undefined;
  if (node.type === "ConditionalExpression") return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === "LogicalExpression") return literalText(node.right);
  if (node.type === "BinaryExpression" && node.operator === "+") return literalText(node.left) ?? literalText(node.right);
  return undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "UI text comes from the message catalogs, not from literals in JSX" },
    messages: { literal: "UI text '{{text}}' is a literal: put it in the message catalogs and use t()." },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: "literal", data: { text: String(text).trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, node.value);
      },
      "JSXElement > JSXExpressionContainer"(node) {
        const found = literalText(node.expression);
        if (found) report(found, found.type === "Literal" ? found.value : context.sourceCode.getText(found));
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : node.name.name.name;
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const found = node.value.type === "Literal" ? (hasLetter(node.value.value) ? node.value : undefined) : literalText(node.value.expression);
        if (found) report(found, found.type === "Literal" ? found.value : context.sourceCode.getText(found));
      },
    };
  },
};
