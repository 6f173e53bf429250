import { Save, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { SubmitButton } from "../../manage/form-fields";

/** A settings card: its icon, title and description, then what it edits. */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  details,
  aside,
  busy,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: React.ReactNode;
  /** Under the description (the current state of what the card is about). */
  details?: React.ReactNode;
  /** Beside the title on wide screens (a link to another page). */
  aside?: React.ReactNode;
  busy?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Card aria-busy={busy || undefined}>
      <CardHeader className={cn("flex flex-col gap-4 space-y-0 sm:flex-row sm:items-start", aside && "sm:items-center sm:justify-between")}>
        <div className="flex items-start gap-4">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-800">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
            {details}
          </div>
        </div>
        {aside}
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
    </Card>
  );
}

/** A card whose content is still loading. */
export function CardSkeleton({ icon, title }: { icon: LucideIcon; title: string }) {
  const t = useT();
  return (
    <SettingsCard icon={icon} title={title} description={t("admin.settings.loading")} busy>
      <div className="space-y-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-2/3" />
      </div>
    </SettingsCard>
  );
}

/** Discard and Save at the foot of a settings form; `extra` comes first (a 'Use default text' button). */
export function SaveBar({
  onDiscard,
  dirty,
  busy,
  saveLabel,
  extra,
  className,
}: {
  onDiscard: () => void;
  dirty: boolean;
  busy: boolean;
  saveLabel: string;
  extra?: React.ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      {extra}
      <Button type="button" variant="outline" disabled={!dirty || busy} onClick={onDiscard}>
        {t("admin.settings.discard")}
      </Button>
      <SubmitButton busy={busy} icon={Save}>
        {saveLabel}
      </SubmitButton>
    </div>
  );
}
