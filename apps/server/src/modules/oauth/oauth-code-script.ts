/**
 * The consent page's only script, served from the shop (the page's policy allows scripts from
 * itself alone): before "send me a code" posts, it solves the page's proof-of-work challenge as
 * the shop's own sign-in does — SHA-256 of `nonce:counter` with `difficulty` leading zero bits
 * (powMessage in the contract) — with the browser's Web Crypto, then posts the form with the
 * answer. Without Web Crypto (a page not served over HTTPS) or without scripts, the form posts
 * no answer and the page says to use the password. It does nothing else.
 */
export const CODE_SIGN_IN_SCRIPT = `(() => {
  'use strict';
  const form = document.querySelector('form[data-working]');
  if (!form || !(window.crypto && crypto.subtle)) return;
  const zeros = (bytes) => {
    let bits = 0;
    for (const b of bytes) {
      if (b === 0) { bits += 8; continue; }
      return bits + Math.clz32(b) - 24;
    }
    return bits;
  };
  let solved = false;
  form.addEventListener('submit', async (event) => {
    const button = event.submitter;
    if (solved || !button || button.value !== 'code') return;
    event.preventDefault();
    button.disabled = true;
    document.getElementById('code-status').textContent = form.dataset.working;
    const nonce = form.elements.nonce.value;
    const difficulty = Number(form.elements.difficulty.value);
    const encoder = new TextEncoder();
    for (let counter = 0; ; counter++) {
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(nonce + ':' + counter)));
      if (zeros(hash) >= difficulty) { form.elements.solution.value = String(counter); break; }
    }
    solved = true;
    button.disabled = false;
    // Posted where the button posts, without the password's validation (the button skips it too).
    form.action = button.formAction;
    form.submit();
  });
})();
`;
