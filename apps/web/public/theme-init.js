// Sets theme and language before first paint; external because the CSP forbids inline scripts.
(() => {
  let theme = null;
  let lang = null;
  try {
    theme = localStorage.getItem("appTheme");
    lang = localStorage.getItem("appLanguage");
  } catch {
    /* storage unavailable: defaults apply */
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.lang = lang === "en" ? "en" : "de";
})();
