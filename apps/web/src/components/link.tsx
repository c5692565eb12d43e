import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { createPath, type To, useHref, useLocation, useNavigate, useResolvedPath } from "react-router";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: To };

/**
 * An in-app link: a real <a href> that changes the page without reloading on a plain click (a click
 * with a modifier key or the middle button opens as the browser does). A link to the page that is
 * already shown replaces its history entry. React Router's own Link carries its framework-mode
 * prefetching into the first load; the app does not use that.
 */
export function Link({ to, onClick, target, ...props }: LinkProps) {
  const href = useHref(to);
  const path = useResolvedPath(to);
  const location = useLocation();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== "_self")) return;
    event.preventDefault();
    navigate(to, { replace: createPath(location) === createPath(path) });
  };
  return <a {...props} target={target} href={href} onClick={handleClick} />;
}
