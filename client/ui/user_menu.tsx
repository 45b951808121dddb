/** The user menu: who is signed in, the theme toggle and logout. */
import { useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { currentUserStore } from "../app/current_user.ts";
import { displayNameStore, shownUserName } from "../app/panel_settings.ts";
import { logout } from "../app/session.ts";
import { themeStore, toggleTheme } from "../app/theme.ts";
import { forgetAuth } from "../app/auth_keeper.ts";
import { notifyError } from "../app/toasts.tsx";
import { AlreadyRunning } from "../app/helpers.ts";
import { MenuButton } from "./menu_button.tsx";

const ROLE_LABELS = { "super-admin": "Super-admin", admin: "Admin", user: "User" } as const;

/** The "User menu" button of the frame. */
export function UserMenu() {
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const display = useSyncExternalStore(displayNameStore.subscribe, displayNameStore.get);
  const name = shownUserName(user, display);
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);
  const navigate = useNavigate();
  const signOut = async () => {
    try {
      await logout();
    } catch (error) {
      if (error instanceof AlreadyRunning) return;
      notifyError(error);
    }
    forgetAuth();
    void navigate("/login");
  };
  return (
    <MenuButton
      label="User menu"
      labelInside
      className="user-menu"
      items={[
        {
          label: "Toggle theme",
          hint: theme === "dark" ? "Dark" : "Light",
          onSelect: () => toggleTheme(),
        },
        { label: "Log out", onSelect: () => void signOut() },
      ]}
    >
      <span className="user-menu__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-menu__text">
        <span
          className="user-menu__name"
          title={name === user.username ? name : `${name} (${user.username})`}
        >
          {name}
        </span>
        <span className="user-menu__role">{ROLE_LABELS[user.role]}</span>
      </span>
      <span className="caret" aria-hidden="true" />
    </MenuButton>
  );
}
