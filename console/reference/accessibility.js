// Scalar's code-block copy buttons are bare icons: give each an accessible name so screen readers
// announce "Copy code" instead of an unnamed button. Runs after Scalar renders, batched per frame.
(() => {
  let scheduled = false;
  const nameCopyButtons = () => {
    scheduled = false;
    for (const button of document.querySelectorAll('button[class*="copy-button"]:not([aria-label])')) {
      button.setAttribute('aria-label', 'Copy code');
    }
  };
  new MutationObserver(() => {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(nameCopyButtons);
    }
  }).observe(document.body, { childList: true, subtree: true });
})();
