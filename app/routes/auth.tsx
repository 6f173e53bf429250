import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, LineChart, Loader2, ShieldCheck, Globe2 } from "lucide-react";
import * as React from "react";
import { useForm, type FieldValues, type UseFormReturn } from "react-hook-form";
import { redirect, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { AuthField } from "~/components/auth/auth-field";
import { needsSecondStep, PasskeySignInButton, SecondStepForm, type SecondStepNeeded, type SignedInUser } from "~/components/auth/sign-in-steps";
import { authApi } from "~/lib/api/auth";
import { FormAlert, Outcome } from "~/components/auth/auth-panel";
import { Link } from "~/i18n/link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { metaT } from "~/i18n/meta";
import { useDir, useLocale, useT } from "~/i18n/provider";
import { wasJustConfirmed } from "~/lib/email-confirmed";
import { forgetNewAccount, rememberNewAccount } from "~/lib/new-account";
import { useRootData } from "~/hooks/use-root-data";
import { brand as defaultBrand } from "../../shared/brand";
import { localizePath, type Locale } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { safeRedirect } from "../../shared/redirect";
import { afterSignInPath } from "../../shared/rules";
import { loginSchema, registerFormSchema } from "../../shared/schemas";
import type { Route } from "./+types/auth";

export function meta({ matches, location }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [
    { title: t("auth.meta.title", { brand: brand?.name ?? defaultBrand.name }) },
    { name: "description", content: t("auth.meta.description") },
    // The plain sign-in page is listed in the sitemap and may be indexed; its variants (?redirect=...) are not.
    ...(location.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

/**
 * Where a user goes after signing in on a page in `locale`: the safe target (or the page of their role), in the
 * sign-in page's language. Localising only adds or removes the '/ar' prefix, so a safe path stays safe.
 */
const signedInPath = (path: string, locale: Locale) => localizePath(safeRedirect(path), locale);

export function loader({ context, request }: Route.LoaderArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (context.user) throw redirect(signedInPath(target, context.locale));
  return { target };
}

const ASIDE: { icon: typeof Building2; title: MessageId; text: MessageId }[] = [
  { icon: Building2, title: "auth.aside.portfolioTitle", text: "auth.aside.portfolioText" },
  { icon: Globe2, title: "auth.aside.focusTitle", text: "auth.aside.focusText" },
  { icon: LineChart, title: "auth.aside.valueTitle", text: "auth.aside.valueText" },
  { icon: ShieldCheck, title: "auth.aside.documentsTitle", text: "auth.aside.documentsText" },
];

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const dir = useDir();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "register" ? "register" : "login";
  const justConfirmed = wasJustConfirmed(useLocation().state);
  const brand = useRootData()?.brand ?? defaultBrand;
  const setTab = (next: string) => {
    const search = new URLSearchParams(params);
    if (next === "register") search.set("tab", "register");
    else search.delete("tab");
    setParams(search, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="min-h-screen bg-slate-50 pt-28 md:pt-36">
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-6 pb-20 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="font-display text-3xl font-semibold text-navy-950">{t("auth.title")}</h1>
          <p className="mt-2 text-slate-600">{t("auth.intro")}</p>
          {justConfirmed ? (
            <div className="mt-6" data-testid="email-confirmed">
              <Outcome ok text={t("auth.verify.signInNext")} />
            </div>
          ) : null}
          <Tabs value={tab} onValueChange={setTab} className="mt-8" dir={dir}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">{t("auth.tab.login")}</TabsTrigger>
              <TabsTrigger value="register">{t("auth.tab.register")}</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm target={loaderData.target} onSwitch={() => setTab("register")} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm target={loaderData.target} onSwitch={() => setTab("login")} />
            </TabsContent>
          </Tabs>
        </div>
        <aside className="relative overflow-hidden rounded-2xl bg-navy-950 p-8 text-white sm:p-10">
          <div className="absolute -end-24 -top-24 h-72 w-72 rounded-full bg-gold-500/20 blur-3xl" aria-hidden="true" />
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{brand.name}</p>
          <h2 className="mt-4 font-display text-3xl font-semibold leading-tight">{t("auth.aside.title")}</h2>
          <p className="mt-4 text-slate-300">{t("auth.aside.text")}</p>
          <ul className="mt-8 space-y-5">
            {ASIDE.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon className="h-5 w-5 text-gold-400" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold">{t(title)}</span>
                  <span className="block text-sm text-slate-300">{t(text)}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}

type AuthTexts = { success: MessageId; failed: MessageId; submit: MessageId; switchPrompt: MessageId; switchTo: MessageId; form: MessageId };

/**
 * After any sign-in (password, second step or passkey): greets the user in the page's language and sends them on
 * in that language. A first sign-in (after confirming the address) is greeted 'Welcome' in the portal, later ones
 * 'Welcome back'.
 */
function useSignedIn(target: string) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return async (user: SignedInUser) => {
    toast.success(t("auth.login.success"), {
      description: t(user.firstSignIn ? "auth.login.welcomeNew" : "auth.login.welcome", { name: user.fullName || user.username }),
    });
    if (user.firstSignIn) rememberNewAccount(user.id);
    else forgetNewAccount();
    // The browser applies the same rule as the server: a normalised path on this site, else '/'.
    navigate(signedInPath(afterSignInPath(user, target), locale), { replace: true });
    await revalidator.revalidate();
  };
}

function AuthForm<T extends FieldValues>({
  form,
  texts,
  onSubmit,
  onSwitch,
  className,
  children,
  after,
  error,
}: {
  form: UseFormReturn<T>;
  texts: AuthTexts;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  onSwitch: () => void;
  className: string;
  children: React.ReactNode;
  after?: React.ReactNode;
  error: string | null;
}) {
  const t = useT();
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className={className} aria-label={t(texts.form)}>
      {children}
      {error ? <FormAlert title={t(texts.failed)} text={error} /> : null}
      <Button type="submit" className="w-full" size="lg" disabled={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {t(texts.submit)}
      </Button>
      {after}
      <p className="text-center text-sm text-slate-600">
        {t(texts.switchPrompt)}{" "}
        <button type="button" className="font-semibold text-navy-800 underline-offset-4 hover:underline" onClick={onSwitch}>
          {t(texts.switchTo)}
        </button>
      </p>
    </form>
  );
}

/** The message of a refused call, in the page's language. */
const refusal = (t: ReturnType<typeof useT>, err: unknown) => t.maybe(err instanceof Error ? err.message : String(err)) ?? "";

const LOGIN_TEXTS: AuthTexts = {
  form: "auth.tab.login",
  submit: "auth.login.submit",
  switchPrompt: "auth.login.switchPrompt",
  switchTo: "auth.tab.register",
  success: "auth.login.success",
  failed: "auth.login.failed",
};

const REGISTER_TEXTS: AuthTexts = {
  form: "auth.tab.register",
  submit: "auth.register.submit",
  switchPrompt: "auth.register.switchPrompt",
  switchTo: "auth.tab.login",
  success: "auth.register.success",
  failed: "auth.register.failed",
};

/** The password, then (for accounts with a second factor) a code or passkey; or a passkey alone. */
function LoginForm({ target, onSwitch }: { target: string; onSwitch: () => void }) {
  const t = useT();
  const signedIn = useSignedIn(target);
  const [secondStep, setSecondStep] = React.useState<SecondStepNeeded["methods"] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<z.input<typeof loginSchema>>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await authApi.login({ body: values });
      if (needsSecondStep(answer)) setSecondStep(answer.methods);
      else await signedIn(answer);
    } catch (err) {
      setError(refusal(t, err));
    }
  });
  if (secondStep) {
    return (
      <SecondStepForm
        methods={secondStep}
        onSignedIn={signedIn}
        onRestart={(why) => {
          form.setValue("password", "");
          setError(why ?? null);
          setSecondStep(null);
        }}
      />
    );
  }
  return (
    <AuthForm
      form={form}
      texts={LOGIN_TEXTS}
      onSubmit={onSubmit}
      onSwitch={onSwitch}
      className="space-y-5"
      error={error}
      after={<PasskeySignInButton onSignedIn={signedIn} onError={setError} />}
    >
      <AuthField form={form} name="email" id="login-email" labelId="auth.field.email" type="email" autoComplete="email webauthn" />
      <AuthField form={form} name="password" id="login-password" labelId="auth.field.password" type="password" autoComplete="current-password" />
      <p className="-mt-2 text-end text-sm">
        <Link to="/forgot-password" className="font-medium text-navy-800 underline-offset-4 hover:underline">
          {t("auth.login.forgot")}
        </Link>
      </p>
    </AuthForm>
  );
}

/**
 * Registration answers the same whether or not the address already has an account, so the form shows that answer
 * (check your inbox) rather than signing anyone in. Where the visitor was going (`target`) travels in the
 * confirmation link, so confirming and signing in ends there.
 */
function RegisterForm({ target, onSwitch }: { target: string; onSwitch: () => void }) {
  const t = useT();
  const [sent, setSent] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const form = useForm<z.input<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: "", fullName: "", company: "", position: "", password: "", confirmPassword: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const { confirmPassword: _never, ...body } = values as z.output<typeof registerFormSchema>;
    setError(null);
    try {
      const res = await authApi.register({ body: target === "/" ? body : { ...body, redirect: target } });
      setSent(res.message);
    } catch (err) {
      setError(refusal(t, err));
    }
  });
  if (sent) {
    return (
      <div className="space-y-4 pt-2" data-testid="register-sent">
        <h2 className="font-display text-xl font-semibold text-navy-950">{t("auth.register.checkInbox")}</h2>
        <Outcome ok text={sent} />
        <button type="button" className="font-semibold text-navy-800 underline-offset-4 hover:underline" onClick={onSwitch}>
          {t("auth.link.backToSignIn")}
        </button>
      </div>
    );
  }
  return (
    <AuthForm form={form} texts={REGISTER_TEXTS} onSubmit={onSubmit} onSwitch={onSwitch} className="space-y-4" error={error}>
      <AuthField form={form} name="fullName" id="reg-fullName" labelId="auth.field.fullName" autoComplete="name" />
      <AuthField form={form} name="email" id="reg-email" labelId="auth.field.email" type="email" autoComplete="email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AuthField form={form} name="company" id="reg-company" labelId="auth.field.company" autoComplete="organization" />
        <AuthField form={form} name="position" id="reg-position" labelId="auth.field.position" autoComplete="organization-title" />
      </div>
      <AuthField form={form} name="password" id="reg-password" labelId="auth.field.password" type="password" autoComplete="new-password" />
      <AuthField form={form} name="confirmPassword" id="reg-confirm" labelId="auth.field.confirmPassword" type="password" autoComplete="new-password" />
    </AuthForm>
  );
}
