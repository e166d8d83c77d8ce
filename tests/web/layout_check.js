// Injected by test_phone.py: checks the layout after every state the table page draws, and after every
// redraw of the action bar (a step of a move built in parts, such as a die chosen, redraws it at one seq).
(() => {
  window.layoutProblems = [];
  window.statesChecked = 0;
  const check = () => {
    const problems = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    if (document.scrollingElement.scrollWidth > width) {
      const wide = [...document.querySelectorAll("body *")]
        .filter((node) => node.getBoundingClientRect().right > width + 0.5)
        .slice(-3)
        .map((node) => `${node.tagName.toLowerCase()}.${node.className}`);
      problems.push(`the page is ${document.scrollingElement.scrollWidth} px wide on a ${width} px screen: ${wide}`);
    }
    const bar = document.getElementById("action-bar");
    const box = bar.getBoundingClientRect();
    if (box.top < 0 || box.bottom > height + 0.5) problems.push(`the action bar spans ${box.top}-${box.bottom}`);
    if (bar.scrollHeight > bar.clientHeight + 1) {
      problems.push(`the action bar hides ${bar.scrollHeight - bar.clientHeight} px of its content`);
    }
    for (const control of bar.querySelectorAll("button, a.button, [role=button]")) {
      const r = control.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.top < 0 || r.bottom > height + 0.5 || r.left < 0 || r.right > width + 0.5) {
        problems.push(`"${control.textContent}" at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    window.statesChecked += 1;
    if (problems.length) window.layoutProblems.push({ seq: document.body.dataset.seq, problems });
  };
  const watch = new MutationObserver(check);
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-seq", "data-connection"] });
  watch.observe(document.getElementById("action-bar"), { childList: true, subtree: true });
  check();
})
