/**
 * A line of words with figures in it ("Adjustment for September 2026 (late sales): +£0.72"): each
 * amount with its sign stays on one line, so a narrow card never leaves the "+" behind on its own.
 */
import { Fragment } from "react";

const AMOUNT = /([+−-]?£[\d,]+\.\d\d)/;

export function MoneyText({ text }: { text: string }) {
  return (
    <>
      {text.split(AMOUNT).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} style={{ whiteSpace: "nowrap" }}>
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
