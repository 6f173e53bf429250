import { Ban, BookOpen, Send, ShieldOff, UserCheck } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { useT, type Translate } from "~/i18n/provider";
import { ROLES, type Role } from "../../../../shared/roles";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { nameOf, roleName, type UserRow } from "./types";

/** What the cells need from the tab. A context, so the columns stay the same objects across renders: a cell that
 * re-mounted would lose the focus a closing dialog gives back to it. */
export type UserActions = {
  me: number;
  setRole: (u: UserRow, role: Role) => void;
  askDisable: (u: UserRow) => void;
  enable: (u: UserRow) => void;
  resend: (u: UserRow) => void;
  askClearFactors: (u: UserRow) => void;
  /** Opens what the member read (documents, when, how long, pages). */
  showReading: (u: UserRow) => void;
  busy: (id: number) => boolean;
};
export const UserActionsContext = React.createContext<UserActions | null>(null);
const useUserActions = () => React.useContext(UserActionsContext)!;

function UserCell({ u }: { u: UserRow }) {
  const t = useT();
  const { me } = useUserActions();
  return (
    <div className="min-w-0 md:min-w-[12rem]">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <bdi className="font-medium text-navy-950">{u.fullName || "—"}</bdi>
        {u.id === me ? <Badge variant="outline">{t("admin.users.you")}</Badge> : null}
        {u.disabledAt ? <Badge variant="red">{t("admin.users.disabled")}</Badge> : null}
      </div>
      <p className="break-all text-xs text-slate-500">
        <bdi>{u.email}</bdi>
      </p>
    </div>
  );
}

function RoleCell({ u }: { u: UserRow }) {
  const t = useT();
  const { setRole, busy } = useUserActions();
  return (
    <NativeSelect
      value={u.role}
      onChange={(e) => setRole(u, e.target.value as Role)}
      disabled={busy(u.id)}
      aria-label={t("admin.users.roleFor", { name: nameOf(u) })}
      className="h-9 w-auto min-w-[9.5rem]"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(t, role)}
        </option>
      ))}
    </NativeSelect>
  );
}

function RowActions({ u }: { u: UserRow }) {
  const t = useT();
  const { me, askDisable, enable, resend, askClearFactors, showReading, busy } = useUserActions();
  return (
    <div className="flex items-center justify-end gap-1.5 max-md:w-full max-md:flex-wrap max-md:justify-start">
      <Button size="sm" variant="outline" onClick={() => showReading(u)} aria-label={t("admin.dataRoom.member.openNamed", { name: nameOf(u) })}>
        <BookOpen className="h-4 w-4" aria-hidden="true" />
        {t("admin.dataRoom.member.open")}
      </Button>
      {!u.isVerified ? (
        <Button size="sm" variant="outline" onClick={() => resend(u)} disabled={busy(u.id)} aria-label={t("admin.users.resendNamed", { name: nameOf(u) })}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.resend")}
        </Button>
      ) : null}
      {u.twoFactor && u.id !== me ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => askClearFactors(u)}
          disabled={busy(u.id)}
          aria-label={t("admin.users.clearFactorsNamed", { name: nameOf(u) })}
        >
          <ShieldOff className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.clearFactors")}
        </Button>
      ) : null}
      {u.disabledAt ? (
        <Button size="sm" variant="outline" onClick={() => enable(u)} disabled={busy(u.id)} aria-label={t("admin.users.enableNamed", { name: nameOf(u) })}>
          <UserCheck className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.enable")}
        </Button>
      ) : u.id !== me ? (
        <Button
          size="sm"
          variant="outline"
          className="border-red-200 text-red-700 hover:bg-red-50"
          onClick={() => askDisable(u)}
          disabled={busy(u.id)}
          aria-label={t("admin.users.disableNamed", { name: nameOf(u) })}
        >
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.disable")}
        </Button>
      ) : null}
    </div>
  );
}

/** The columns; built once per language, so the cells stay the same objects across renders. */
export function userColumns(t: Translate, when: (iso: string) => string) {
  const col = adminColumnHelper<UserRow>();
  return [
    col.accessor((u) => `${u.fullName ?? ""} ${u.email}`, {
      id: "user",
      header: t("admin.users.col.user"),
      enableSorting: false,
      cell: ({ row }) => <UserCell u={row.original} />,
    }),
    col.accessor("role", { header: t("admin.users.col.role"), enableSorting: false, cell: ({ row }) => <RoleCell u={row.original} /> }),
    col.accessor("isVerified", {
      header: t("admin.users.col.email"),
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge variant="green" className="whitespace-nowrap">
            {t("admin.users.verified")}
          </Badge>
        ) : (
          <Badge variant="amber" className="whitespace-nowrap">
            {t("admin.users.unverified")}
          </Badge>
        ),
    }),
    col.accessor("twoFactor", {
      header: t("admin.users.col.twoFactor"),
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge variant="green" className="whitespace-nowrap">
            {t("admin.users.twoFactorOn")}
          </Badge>
        ) : (
          <Badge variant="slate" className="whitespace-nowrap">
            {t("admin.users.twoFactorOff")}
          </Badge>
        ),
    }),
    col.accessor("lastSignInAt", {
      header: t("admin.users.col.lastSignIn"),
      enableSorting: false,
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? (
          <time dateTime={at} className="whitespace-nowrap text-slate-600">
            {when(at)}
          </time>
        ) : (
          <span className="text-slate-500">{t("admin.users.never")}</span>
        );
      },
    }),
    col.display({ id: "actions", header: () => <ActionsHeader />, cell: ({ row }) => <RowActions u={row.original} /> }),
  ];
}
