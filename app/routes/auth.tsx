import { zodResolver } from "@hookform/resolvers/zod";
import { Building2, LineChart, Loader2, ShieldCheck, Globe2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import { redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { apiRequest } from "~/lib/api";
import { forgetNewAccount, rememberNewAccount } from "~/lib/new-account";
import { useRootData } from "~/root";
import { safeRedirect } from "../../shared/redirect";
import { loginSchema, registerFormSchema } from "../../shared/schemas";
import type { PublicUser } from "../../server/services/users";
import type { Route } from "./+types/auth";

export function meta({ matches, location }: Route.MetaArgs) {
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [
    { title: `Investor Portal Login | ${brand?.name ?? "Meridian Crest Holdings"}` },
    { name: "description", content: "Sign in or create an account to reach the investor portal." },
    // The plain sign-in page is listed in the sitemap and may be indexed; its variants (?redirect=...) are not.
    ...(location.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

export function loader({ context, request }: Route.LoaderArgs) {
  const target = safeRedirect(new URL(request.url).searchParams.get("redirect"));
  if (context.user) throw redirect(target);
  return { target };
}

/** Where a user lands after signing in (spec: admin -> /admin, investor -> /investor-portal, else the target). */
export function afterLoginPath(user: Pick<PublicUser, "role">, target: string) {
  if (user.role === "admin") return "/admin";
  if (user.role === "investor") return "/investor-portal";
  return target;
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "register" ? "register" : "login";
  const brand = useRootData()?.brand;
  const setTab = (t: string) => {
    const next = new URLSearchParams(params);
    if (t === "register") next.set("tab", "register");
    else next.delete("tab");
    setParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="min-h-screen bg-slate-50 pt-28 md:pt-36">
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-6 pb-20 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="font-display text-3xl font-semibold text-navy-950">Investor Portal</h1>
          <p className="mt-2 text-slate-600">Sign in to your account, or register to apply for investor access.</p>
          <Tabs value={tab} onValueChange={setTab} className="mt-8">
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
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
          <div className="absolute -right-24 -top-24 h-72 w-72 rounded-full bg-gold-500/20 blur-3xl" aria-hidden="true" />
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{brand?.name ?? "Meridian Crest Holdings"}</p>
          <h2 className="mt-4 font-display text-3xl font-semibold leading-tight">Long-term capital for the companies building Africa and the Middle East.</h2>
          <p className="mt-4 text-slate-300">
            We back market leaders in logistics, transportation, energy, food security and finance, and work alongside their founders for the long term.
          </p>
          <ul className="mt-8 space-y-5">
            {[
              [Building2, "Portfolio companies", "BravoPay, Boost Freight, Axis Urban, Kahwa Coffee Co., Motorly and more."],
              [Globe2, "Investment focus", "High-growth businesses across Egypt, North Africa and the Gulf."],
              [LineChart, "Strategic value", "Operating support, regional networks and patient capital."],
              [ShieldCheck, "Investor documents", "Reports, statements and governance documents in one secure library."],
            ].map(([Icon, title, text]) => {
              const I = Icon as typeof Building2;
              return (
                <li key={title as string} className="flex gap-4">
                  <span className="mt-0.5 flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-white/10">
                    <I className="h-5 w-5 text-gold-400" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block font-semibold">{title as string}</span>
                    <span className="block text-sm text-slate-300">{text as string}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </aside>
      </div>
    </div>
  );
}

function useFinishSignIn(target: string) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return React.useCallback(
    async (user: PublicUser, path: string) => {
      // The browser applies the same rule as the server: a normalised path on this site, else '/'.
      navigate(safeRedirect(path), { replace: true });
      await revalidator.revalidate();
    },
    [navigate, revalidator, target],
  );
}

function LoginForm({ target, onSwitch }: { target: string; onSwitch: () => void }) {
  const finish = useFinishSignIn(target);
  const form = useForm<z.input<typeof loginSchema>>({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await apiRequest<PublicUser>("POST", "/api/login", values);
      forgetNewAccount();
      toast.success("Login successful", { description: `Welcome back, ${user.fullName || user.username}!` });
      await finish(user, afterLoginPath(user, target));
    } catch (err) {
      toast.error("Login failed", { description: err instanceof Error ? err.message : String(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Login">
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input id="login-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register("email")} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register("password")} />
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        Sign In
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <button type="button" className="font-semibold text-navy-800 underline-offset-4 hover:underline" onClick={onSwitch}>
          Register
        </button>
      </p>
    </form>
  );
}

function RegisterForm({ target, onSwitch }: { target: string; onSwitch: () => void }) {
  const finish = useFinishSignIn(target);
  const form = useForm<z.input<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { email: "", fullName: "", company: "", position: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const { confirmPassword: _never, ...body } = values as z.output<typeof registerFormSchema>;
    try {
      const user = await apiRequest<PublicUser>("POST", "/api/register", body);
      rememberNewAccount(user.id);
      toast.success("Registration successful", { description: "Your account has been created." });
      await finish(user, target);
    } catch (err) {
      toast.error("Registration failed", { description: err instanceof Error ? err.message : String(err) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Register">
      <Field id="reg-fullName" label="Full name" error={errors.fullName?.message}>
        <Input id="reg-fullName" autoComplete="name" aria-invalid={!!errors.fullName} {...form.register("fullName")} />
      </Field>
      <Field id="reg-email" label="Email" error={errors.email?.message}>
        <Input id="reg-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register("email")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="reg-company" label="Company (optional)" error={errors.company?.message}>
          <Input id="reg-company" autoComplete="organization" {...form.register("company")} />
        </Field>
        <Field id="reg-position" label="Position (optional)" error={errors.position?.message}>
          <Input id="reg-position" autoComplete="organization-title" {...form.register("position")} />
        </Field>
      </div>
      <Field id="reg-password" label="Password" error={errors.password?.message}>
        <Input id="reg-password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register("password")} />
      </Field>
      <Field id="reg-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
        <Input id="reg-confirm" type="password" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...form.register("confirmPassword")} />
      </Field>
      <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        Create Account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <button type="button" className="font-semibold text-navy-800 underline-offset-4 hover:underline" onClick={onSwitch}>
          Login
        </button>
      </p>
    </form>
  );
}
