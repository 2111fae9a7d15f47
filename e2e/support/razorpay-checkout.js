// A stand-in for Razorpay Checkout's checkout.js in the browser journeys: RAZORPAY_CHECKOUT_URL points
// at it, served by support/razorpay.ts beside the fake of Razorpay's API. `new Razorpay(options)` and
// `open()` show a small dialog of the order with the methods a journey picks ("UPI", "Card"); a pick
// asks the host to make the payment in the fake, as Razorpay does once the shopper has paid, and hands
// Checkout's three signed values to `handler`. "Close" calls `modal.ondismiss`, and a payment the host
// refuses goes to the `payment.failed` listeners, as Checkout does. Nothing here reaches Razorpay.
(() => {
  const current = document.currentScript;
  const host = new URL(current instanceof HTMLScriptElement ? current.src : window.location.href).origin;

  const METHODS = [
    ["UPI", "upi"],
    ["Card", "card"],
  ];

  function button(label) {
    const element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    element.style.cssText =
      "display:block;width:100%;margin-top:8px;padding:12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff;font:inherit;cursor:pointer";
    return element;
  }

  class Razorpay {
    constructor(options) {
      this.options = options;
      this.failed = [];
    }

    on(event, listener) {
      if (event === "payment.failed") this.failed.push(listener);
    }

    open() {
      const { options } = this;
      const overlay = document.createElement("div");
      overlay.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(15,23,42,.6)";
      const dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-label", "Razorpay Checkout");
      dialog.style.cssText =
        "width:100%;max-width:360px;padding:20px;border-radius:12px;background:#fff;color:#0f172a;font:16px system-ui,sans-serif";

      const title = document.createElement("h2");
      title.textContent = options.name;
      title.style.cssText = "margin:0;font-size:18px";
      const amount = document.createElement("p");
      amount.textContent = `${options.currency} ${(options.amount / 100).toFixed(2)}`;
      const who = document.createElement("p");
      who.textContent = [options.prefill?.name, options.prefill?.email, options.prefill?.contact]
        .filter(Boolean)
        .join(" · ");
      who.style.cssText = "font-size:13px;color:#475569";
      const status = document.createElement("p");
      status.setAttribute("role", "status");
      dialog.append(title, amount, who);

      const close = () => overlay.remove();
      const picks = METHODS.map(([label, method]) => {
        const pick = button(label);
        pick.addEventListener("click", async () => {
          for (const each of picks) each.disabled = true;
          try {
            // text/plain: a simple request, with no preflight to answer.
            const response = await fetch(`${host}/pay`, {
              method: "POST",
              headers: { "content-type": "text/plain" },
              body: JSON.stringify({ order_id: options.order_id, method }),
            });
            const answer = await response.json();
            if (!response.ok) {
              status.textContent = answer.error?.description ?? "Payment failed";
              for (const listener of this.failed) listener(answer);
              return;
            }
            close();
            options.handler(answer);
          } finally {
            for (const each of picks) each.disabled = false;
          }
        });
        dialog.append(pick);
        return pick;
      });

      const dismiss = button("Close");
      dismiss.addEventListener("click", () => {
        close();
        options.modal?.ondismiss?.();
      });
      dialog.append(dismiss, status);
      overlay.append(dialog);
      document.body.append(overlay);
      picks[0]?.focus();
    }
  }

  window.Razorpay = Razorpay;
})();
