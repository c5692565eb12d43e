import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./i18n/index.ts";
import "./styles.css";
import { App } from "./app/app.tsx";
import { noteAppLoad } from "./lib/tab-history.ts";

noteAppLoad();

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing in index.html");

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
