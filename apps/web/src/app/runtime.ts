/**
 * The renderer on its own (`react` and `react-dom` are Preact's, decision 044): main.tsx imports this
 * module, then the libraries and the app (libraries.ts, start.tsx) in later tasks, so that evaluating
 * all the code is not one long task a phone cannot interrupt.
 */
import "react";
import "react-dom/client";
