// Applies the saved theme before the page paints (loaded synchronously in <head>).
(function () {
  "use strict";
  try {
    var saved = window.localStorage.getItem("skill-catalog-theme");
    if (saved === "light" || saved === "dark") {
      document.documentElement.setAttribute("data-theme", saved);
    }
  } catch (e) {
    /* storage unavailable (file://, privacy mode): follow the system theme */
  }
})();
