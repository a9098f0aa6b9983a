// Injected by analysis-charts-browser.sh into a copy of a fiorank report:
// measures every chart as Chromium laid it out and writes one line per
// svg into a pre element (id "measure") that the test reads from --dump-dom.
(function () {
  const lines = [];
  const inside = (r, s) =>
    r.left >= s.left - 0.5 && r.right <= s.right + 0.5 && r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5;
  const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  document.querySelectorAll("svg").forEach((svg, i) => {
    const s = svg.getBoundingClientRect();
    let outside = 0, marks = 0, overlaps = 0, above_plot = 0;
    svg.querySelectorAll("text, rect, circle, path").forEach((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return;
      marks++;
      if (!inside(r, s)) outside++;
    });
    const keys = [...svg.querySelectorAll(".legend .key")].map((k) => k.getBoundingClientRect());
    for (let a = 0; a < keys.length; a++)
      for (let b = a + 1; b < keys.length; b++) if (meets(keys[a], keys[b])) overlaps++;
    // the legend lies below everything else of the chart (the plot and its axes)
    const legend = svg.querySelector(".legend");
    if (legend) {
      const top = legend.getBoundingClientRect().top;
      svg.querySelectorAll(".axes, path.series, circle.point, circle.published").forEach((el) => {
        if (el.getBoundingClientRect().bottom > top + 0.5) above_plot++;
      });
    }
    // step labels on curve points: no two may overlap, nor a label cover a
    // point (a crowded one is left out and kept in its point's <title>)
    const steps = [...svg.querySelectorAll("text.step")].map((t) => t.getBoundingClientRect());
    const dots = [...svg.querySelectorAll("circle.point, circle.published")].map((c) => c.getBoundingClientRect());
    let step_overlaps = 0;
    for (let a = 0; a < steps.length; a++) {
      for (let b = a + 1; b < steps.length; b++) if (meets(steps[a], steps[b])) step_overlaps++;
      for (const d of dots) if (meets(steps[a], d)) step_overlaps++;
    }
    lines.push(`svg ${i} ${svg.getAttribute("class").replace(" ", "_")} marks ${marks} outside ${outside} ` +
      `keys ${keys.length} key_overlaps ${overlaps} legend_over_plot ${above_plot} ` +
      `steps ${steps.length} step_overlaps ${step_overlaps}`);
  });
  // the baseline section (a table, no SVG): every row laid out, no cell
  // whose text is cut or runs over its neighbour, the table within the page
  document.querySelectorAll("section.baseline").forEach((sec) => {
    const rows = sec.querySelectorAll("tr").length;
    let cut = 0, crossed = 0;
    sec.querySelectorAll("td, th").forEach((c) => {
      if (c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().height === 0) cut++;
      if (c.textContent === "threshold crossed") crossed++;
    });
    const t = sec.querySelector("table").getBoundingClientRect();
    const wide = t.right > document.documentElement.scrollWidth + 0.5 ? 1 : 0;
    lines.push(`baseline rows ${rows} cut ${cut} crossed ${crossed} beyond_page ${wide} height ${Math.round(t.height)}`);
  });
  lines.push(`page_height ${Math.ceil(document.documentElement.scrollHeight)}`);
  const pre = document.createElement("pre");
  pre.id = "measure";
  pre.textContent = lines.join("\n");
  document.body.appendChild(pre);
})();
