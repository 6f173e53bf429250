import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Trash2, Upload, UserRound } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthField } from "~/components/auth/auth-field";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { toast } from "~/lib/toast";
import { profileSchema, UPLOAD_LIMITS_MB } from "../../../shared/schemas";
import { AccountCard, FormNote } from "./account-card";
import { errorText, failureNote, showServerErrors } from "./form-errors";
import type { AccountUser } from "./types";

/** A profile photo is limited like any other uploaded image. */
const AVATAR_MAX_MB = UPLOAD_LIMITS_MB.image;
const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");

/** The user's photo, or their initials in a circle when there is none. */
function Avatar({ user }: { user: AccountUser }) {
  const t = useT();
  const name = user.fullName ?? user.username;
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt={t("account.avatar.alt", { name })}
        width={96}
        height={96}
        className="h-24 w-24 shrink-0 rounded-full object-cover ring-2 ring-gold-300"
      />
    );
  }
  return (
    <span
      className="flex h-24 w-24 shrink-0 items-center justify-center rounded-full bg-navy-900 font-display text-3xl font-semibold text-gold-400"
      aria-hidden="true"
    >
      {initials(name) || <UserRound className="h-10 w-10" />}
    </span>
  );
}

/** Choose, replace or remove the photo: checked here for type and size, then by the server for what it really is. */
function AvatarPicker({ user, onChanged }: { user: AccountUser; onChanged: () => Promise<void> }) {
  const t = useT();
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState<"upload" | "remove" | null>(null);
  const [error, setError] = React.useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) return setError(t("account.avatar.notImage"));
    if (file.size > AVATAR_MAX_MB * 1024 * 1024) return setError(t("validation.fileTooLarge", { mb: AVATAR_MAX_MB }));
    const body = new FormData();
    body.append("file", file);
    setBusy("upload");
    try {
      const res = await accountApi.setAvatar({ body });
      toast.success(res.message);
      await onChanged();
    } catch (err) {
      setError(errorText(err, t, "account.avatar.failed"));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy("remove");
    try {
      const res = await accountApi.removeAvatar();
      toast.success(res.message);
      await onChanged();
    } catch (err) {
      setError(errorText(err, t, "account.avatar.removeFailed"));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-5">
      <Avatar user={user} />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm font-medium text-slate-800">{t("account.avatar.label")}</p>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void upload(file);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()} disabled={busy !== null} aria-describedby="avatar-hint">
            {busy === "upload" ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Upload className="h-4 w-4" aria-hidden="true" />}
            {busy === "upload" ? t("account.avatar.uploading") : user.avatar ? t("account.avatar.replace") : t("account.avatar.upload")}
          </Button>
          {user.avatar ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => void remove()} disabled={busy !== null}>
              {busy === "remove" ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
              {t("account.avatar.remove")}
            </Button>
          ) : null}
        </div>
        <p id="avatar-hint" className="text-xs text-slate-500">
          {t("account.avatar.hint", { mb: AVATAR_MAX_MB })}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ProfileSection({ user, onChanged }: { user: AccountUser; onChanged: () => Promise<void> }) {
  const t = useT();
  const [note, setNote] = React.useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof profileSchema>, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { fullName: user.fullName ?? "", company: user.company ?? "", position: user.position ?? "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setNote(null);
    try {
      const res = await accountApi.updateProfile({ body: values });
      setNote({ ok: true, text: res.message });
      await onChanged();
    } catch (err) {
      setNote(failureNote(showServerErrors(form, err, t, "account.profile.failed")));
    }
  });
  return (
    <AccountCard id="profile" icon={UserRound} title={t("account.profile.title")} description={t("account.profile.description")}>
      <div className="space-y-8">
        <AvatarPicker user={user} onChanged={onChanged} />
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("account.profile.title")}>
          <AuthField form={form} name="fullName" id="profile-name" labelId="account.profile.fullName" autoComplete="name" />
          <div className="grid gap-5 sm:grid-cols-2">
            <AuthField form={form} name="company" id="profile-company" labelId="account.profile.company" autoComplete="organization" />
            <AuthField form={form} name="position" id="profile-position" labelId="account.profile.position" autoComplete="organization-title" />
          </div>
          {note ? <FormNote {...note} /> : null}
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
            {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t("account.profile.save")}
          </Button>
        </form>
      </div>
    </AccountCard>
  );
}
