import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** React Router's production build (its package points every import at the development build, warnings included). */
const productionEntry = fileURLToPath(new URL("../production/index.mjs", import.meta.resolve("react-router")));

/**
 * React Router's bundle creates its contexts and components with React.createContext / forwardRef / memo
 * calls that carry no pure annotation, and sets their displayName at the top level: to the bundler
 * each of those is a side effect, so every unused one (the data router's rendering, Form, NavLink,
 * fetchers, server rendering) stayed in the boot chunk. This marks the calls pure and drops the
 * displayName lines (only React's developer tools read them) in React Router's files alone.
 */
export function reactRouterPure(): Plugin {
  return {
    name: "react-router-pure",
    apply: "build",
    enforce: "pre",
    resolveId: {
      order: "pre",
      handler(source) {
        return source === "react-router" ? productionEntry : null;
      },
    },
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return code
          .replace(/^(var \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, "$1/* @__PURE__ */ $2")
          .replace(/^\w+\.displayName = "\w+";$/gm, "");
      },
    },
  };
}
