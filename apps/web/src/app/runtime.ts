/**
 * React and React DOM on their own: main.tsx imports this module, then the app (start.tsx) in a
 * later task, so that evaluating all the code is not one long task a phone cannot interrupt.
 */
import "react";
import "react-dom/client";
