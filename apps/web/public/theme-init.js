(function () {
  try {
    var theme = localStorage.getItem("appTheme");
    if (theme !== "light" && theme !== "dark") {
      theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
    }
    document.documentElement.classList.toggle("dark", theme === "dark");
    var lang = localStorage.getItem("appLanguage");
    document.documentElement.lang = lang === "en" ? "en" : "de";
  } catch (e) {
    /* storage unavailable: defaults apply */
  }
})();
