/**
 * The legal texts: the ones shown until an admin saves their own in Settings, and how a text is shown.
 *
 * Texts are plain text: a blank line starts a new paragraph, a paragraph that starts with '## ' is a
 * section heading, and lines that start with '- ' form a bulleted list. Nothing else is interpreted, so
 * an admin's text can never become markup.
 */
import type { LegalPageKey } from "./legal";

export type LegalBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string } | { kind: "list"; items: string[] };

/** Splits a legal text into headings, paragraphs and lists (see the rules above). */
export function legalBlocks(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.length) continue;
    if (lines.length === 1 && lines[0].startsWith("## ")) {
      blocks.push({ kind: "heading", text: lines[0].slice(3).trim() });
      continue;
    }
    // A chunk may mix a lead-in sentence and list items: consecutive '- ' lines become one list.
    let text: string[] = [];
    let items: string[] = [];
    const flushText = () => {
      if (text.length) blocks.push({ kind: "paragraph", text: text.join(" ") });
      text = [];
    };
    const flushItems = () => {
      if (items.length) blocks.push({ kind: "list", items });
      items = [];
    };
    for (const line of lines) {
      if (line.startsWith("## ")) {
        flushText();
        flushItems();
        blocks.push({ kind: "heading", text: line.slice(3).trim() });
      } else if (/^[-•*] /.test(line)) {
        flushText();
        items.push(line.slice(2).trim());
      } else {
        flushItems();
        text.push(line);
      }
    }
    flushText();
    flushItems();
  }
  return blocks;
}

const PRIVACY = `This policy explains how Meridian Crest Holdings (“we”, “us”) handles personal data when you visit this website, contact us or use the investor portal. We are the controller of that data and are headquartered in Cairo, Egypt.

## What we collect
- Messages you send through the contact form: your name, e-mail address, subject and message.
- Account details when you register: your name, e-mail address, company and position, and a securely hashed password.
- Investor applications: the company, position, motivation and investment interests you give us.
- Technical records: the IP address and time of sign-ins and document downloads, kept to protect accounts and the documents we share.
- Reading records in the investor portal: which documents you open or download, which pages you view and for how long, and your acceptance of our confidentiality notice, kept to protect confidential documents and to learn which information investors need.

## Why we use it
We use your data to answer your enquiries, to run your account, to decide on investor access, to keep the website and the investor portal secure, and to meet our legal and regulatory obligations. We do not sell personal data and we do not use it for advertising.

## Who we share it with
We share personal data only with service providers that host and operate this website for us, under contracts that oblige them to protect it, and with authorities where the law requires it.

## How long we keep it
Contact messages are kept for up to two years. Account and investor records are kept while your account is active and for as long afterwards as the law requires. Security records are kept for up to twelve months.

## Your rights
Subject to applicable law, including Egypt's Personal Data Protection Law, you may ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to us through the contact form or at the e-mail address shown on this website; we answer within thirty days.

## Changes
We may update this policy. The date at the top of this page shows when it last changed.`;

const TERMS = `These terms apply to your use of the Meridian Crest Holdings website and investor portal. By using the website you accept them.

## Information only
The content of this website, including press releases, portfolio information and documents, is provided for general information. It is not an offer to sell or a solicitation to buy any security, and it is not investment, legal or tax advice. Past performance does not indicate future results.

## Accounts and the investor portal
You are responsible for keeping your sign-in details confidential and for all use of your account. Investor access is granted at our discretion and may be withdrawn at any time. Documents marked Investor Only are confidential: you may use them only to evaluate your relationship with us and may not pass them on.

## Acceptable use
- Do not try to reach parts of the website or data you are not authorised to use.
- Do not interfere with the website's operation or security, or send automated requests in bulk.
- Do not use the contact form to send unsolicited advertising or unlawful content.

## Intellectual property
The website, its text, graphics and logos belong to Meridian Crest Holdings or its licensors. Portfolio company names and logos belong to their owners.

## Liability
We take care to keep the information accurate but give no warranty that it is complete or current. To the extent the law allows, we are not liable for losses arising from the use of this website or from reliance on its content.

## Governing law
These terms are governed by the laws of the Arab Republic of Egypt, and the courts of Cairo have jurisdiction over any dispute.`;

const COOKIES = `This policy explains the cookies and browser storage this website uses. We use only what the website needs to work; there are no advertising or tracking cookies.

## Cookies we set
- Session cookie: set when you sign in, so the website knows it is you. It holds a random identifier only, is not readable by scripts and is deleted when you sign out or the session expires.

## Browser storage
- A copy of the portfolio and the latest press releases, so pages appear quickly on your next visit.
- Where to scroll when you follow a link to a section of the home page; this is cleared when you close the tab.

## Third parties
Share buttons on press releases open the social network in a new window only when you click them; the networks set no cookies through this website before that.

## Your choices
You can delete cookies and site data in your browser settings at any time. Blocking the session cookie prevents signing in; the rest of the website keeps working.`;

export const LEGAL_DEFAULTS: Record<LegalPageKey, string> = { privacy: PRIVACY, terms: TERMS, cookies: COOKIES };

// The Arabic texts, shown on the Arabic pages until an admin saves Arabic of their own. The company name stays in
// Latin script, as it is written everywhere.
const PRIVACY_AR = `توضّح هذه السياسة كيفية تعامل Meridian Crest Holdings («نحن») مع البيانات الشخصية عند زيارتك لهذا الموقع أو تواصلك معنا أو استخدامك لبوابة المستثمرين. ونحن المسؤول عن التحكم في هذه البيانات، ويقع مقرنا الرئيسي في القاهرة، جمهورية مصر العربية.

## البيانات التي نجمعها
- الرسائل التي ترسلها عبر نموذج التواصل: اسمك وعنوان بريدك الإلكتروني وموضوع الرسالة ونصها.
- بيانات الحساب عند التسجيل: اسمك وعنوان بريدك الإلكتروني والشركة والمنصب، وكلمة مرور محفوظة بتجزئة آمنة.
- طلبات المستثمرين: الشركة والمنصب ودوافع الطلب والاهتمامات الاستثمارية التي تقدّمها إلينا.
- السجلات التقنية: عنوان IP ووقت تسجيل الدخول وتنزيل المستندات، ونحتفظ بها لحماية الحسابات والمستندات التي نتيحها.
- سجلات القراءة في بوابة المستثمرين: المستندات التي تفتحها أو تنزّلها، والصفحات التي تطّلع عليها ومدة ذلك، وقبولك لإشعار السرية، ونحتفظ بها لحماية المستندات السرية ولمعرفة المعلومات التي يحتاجها المستثمرون.

## أغراض الاستخدام
نستخدم بياناتك للرد على استفساراتك، وإدارة حسابك، والبتّ في طلبات الوصول الخاصة بالمستثمرين، والحفاظ على أمن الموقع وبوابة المستثمرين، والوفاء بالتزاماتنا القانونية والتنظيمية. ولا نبيع البيانات الشخصية ولا نستخدمها لأغراض إعلانية.

## الجهات التي نشاركها معها
لا نشارك البيانات الشخصية إلا مع مزوّدي الخدمات الذين يستضيفون هذا الموقع ويشغّلونه لحسابنا، بموجب عقود تُلزمهم بحمايتها، ومع الجهات الرسمية متى اقتضى القانون ذلك.

## مدة الاحتفاظ
نحتفظ برسائل التواصل لمدة أقصاها سنتان، وبسجلات الحسابات والمستثمرين طوال مدة نشاط حسابك وللمدة التي يقتضيها القانون بعد ذلك، وبالسجلات الأمنية لمدة أقصاها اثنا عشر شهرًا.

## حقوقك
مع مراعاة القوانين المعمول بها، ومنها قانون حماية البيانات الشخصية المصري، يحق لك طلب نسخة من بياناتك، أو طلب تصحيحها أو حذفها، أو الاعتراض على طريقة استخدامها. يمكنك مراسلتنا عبر نموذج التواصل أو على عنوان البريد الإلكتروني المنشور على هذا الموقع، وسنرد خلال ثلاثين يومًا.

## التعديلات
قد نُحدّث هذه السياسة من وقت لآخر، ويبيّن التاريخ المذكور أعلى هذه الصفحة موعد آخر تعديل.`;

const TERMS_AR = `تسري هذه الشروط على استخدامك لموقع Meridian Crest Holdings الإلكتروني وبوابة المستثمرين، ويُعدّ استخدامك للموقع قبولًا لها.

## لأغراض المعلومات فقط
يُقدَّم محتوى هذا الموقع، بما في ذلك البيانات الصحفية ومعلومات المحفظة الاستثمارية والمستندات، لأغراض الاطلاع العام فقط، ولا يُشكّل عرضًا لبيع أي ورقة مالية أو دعوة لشرائها، ولا يُعدّ مشورة استثمارية أو قانونية أو ضريبية. ولا يُعدّ الأداء السابق مؤشرًا على النتائج المستقبلية.

## الحسابات وبوابة المستثمرين
أنت مسؤول عن الحفاظ على سرية بيانات تسجيل الدخول الخاصة بك وعن كل استخدام لحسابك. ويُمنح وصول المستثمرين وفقًا لتقديرنا، ويجوز سحبه في أي وقت. والمستندات المصنّفة «للمستثمرين فقط» سرية، ولا يجوز استخدامها إلا لتقييم علاقتك بنا، ولا يجوز تداولها مع الغير.

## الاستخدام المقبول
- لا تحاول الوصول إلى أجزاء من الموقع أو إلى بيانات غير مصرّح لك باستخدامها.
- لا تتدخل في تشغيل الموقع أو أمنه، ولا ترسل طلبات آلية بأعداد كبيرة.
- لا تستخدم نموذج التواصل لإرسال إعلانات غير مرغوب فيها أو محتوى مخالف للقانون.

## الملكية الفكرية
الموقع ونصوصه ورسومه وشعاراته مملوكة لشركة Meridian Crest Holdings أو للجهات المرخِّصة لها. وأسماء شركات المحفظة وشعاراتها مملوكة لأصحابها.

## المسؤولية
نحرص على دقة المعلومات، لكننا لا نضمن اكتمالها أو حداثتها. وفي الحدود التي يسمح بها القانون، لا نتحمّل المسؤولية عن أي خسائر تنشأ عن استخدام هذا الموقع أو الاعتماد على محتواه.

## القانون الواجب التطبيق
تخضع هذه الشروط لقوانين جمهورية مصر العربية، وتختص محاكم القاهرة بالفصل في أي نزاع ينشأ عنها.`;

const COOKIES_AR = `توضّح هذه السياسة ملفات تعريف الارتباط ووسائل التخزين في المتصفح التي يستخدمها هذا الموقع. ولا نستخدم منها إلا ما يلزم لعمل الموقع، فلا توجد ملفات تعريف ارتباط إعلانية أو للتتبع.

## ملفات تعريف الارتباط التي نضعها
- ملف تعريف ارتباط الجلسة: يُنشأ عند تسجيل دخولك ليتعرّف عليك الموقع. ولا يحتوي إلا على معرّف عشوائي، ولا يمكن للبرمجيات النصية قراءته، ويُحذف عند تسجيل خروجك أو انتهاء الجلسة.

## التخزين في المتصفح
- نسخة من المحفظة الاستثمارية وأحدث البيانات الصحفية، لتظهر الصفحات بسرعة في زيارتك التالية.
- موضع التمرير عند اتباع رابط إلى قسم من أقسام الصفحة الرئيسية، ويُمسح عند إغلاق علامة التبويب.

## الأطراف الخارجية
لا تفتح أزرار المشاركة في البيانات الصحفية الشبكة الاجتماعية في نافذة جديدة إلا عند النقر عليها، ولا تضع تلك الشبكات أي ملفات تعريف ارتباط عبر هذا الموقع قبل ذلك.

## خياراتك
يمكنك حذف ملفات تعريف الارتباط وبيانات الموقع من إعدادات متصفحك في أي وقت. ويؤدي حظر ملف تعريف ارتباط الجلسة إلى تعذّر تسجيل الدخول، بينما تظل بقية أجزاء الموقع تعمل.`;

export const LEGAL_DEFAULTS_AR: Record<LegalPageKey, string> = { privacy: PRIVACY_AR, terms: TERMS_AR, cookies: COOKIES_AR };
