import { Search } from "lucide-react";
import { NativeSelect } from "~/components/ui/select";
import { useT } from "~/i18n/provider";
import { ROLES, type Role } from "../../../../shared/roles";
import { USER_SEARCH_MAX } from "../../../../shared/schemas";
import { IconInput } from "../../manage/icon-input";
import { roleName } from "./types";

/** The search field and the role filter above the users table. */
export function UserFilters({
  text,
  onText,
  role,
  onRole,
}: {
  text: string;
  onText: (text: string) => void;
  role: Role | "";
  onRole: (role: Role | "") => void;
}) {
  const t = useT();
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="w-full sm:max-w-xs">
        <IconInput
          icon={Search}
          type="search"
          value={text}
          maxLength={USER_SEARCH_MAX}
          onChange={(e) => onText(e.target.value)}
          placeholder={t("admin.users.search")}
          aria-label={t("admin.users.search")}
        />
      </div>
      <NativeSelect value={role} onChange={(e) => onRole(e.target.value as Role | "")} aria-label={t("admin.users.roleFilter")} className="w-full sm:w-48">
        <option value="">{t("admin.users.allRoles")}</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {roleName(t, r)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
