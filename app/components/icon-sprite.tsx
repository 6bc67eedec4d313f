/**
 * Icons repeated on every row or card of a long list, drawn once per page. An icon's SVG path is
 * 0.5–1.5 KB of HTML, and a page of 24 invoices with five icon buttons each carried 75 KB of the
 * same paths. iconSprite(prefix, icons) gives a Sprite, rendered once on the page, holding each icon
 * as a <symbol>, and an Icon that <use>s it: 15×15 in currentColor like the icon itself, and hidden
 * from assistive technology (its button or link carries the name). Works in portals and dialogs too:
 * the reference is by id, anywhere in the document.
 */
import type { ComponentType } from "react";

/** A @radix-ui/react-icons icon: a 15×15 <svg> drawn in currentColor. */
type RadixIcon = ComponentType;

export function iconSprite<Name extends string>(prefix: string, icons: Record<Name, RadixIcon>) {
  const id = (name: Name) => `${prefix}-${name}`;
  const names = Object.keys(icons) as Name[];

  /** Every icon once, out of sight (not display:none, which some browsers do not draw <use> from). */
  function Sprite() {
    return (
      <svg
        width="0"
        height="0"
        aria-hidden="true"
        focusable="false"
        style={{ position: "absolute", overflow: "hidden" }}
      >
        {names.map((name) => {
          const Icon: RadixIcon = icons[name];
          return (
            <symbol key={name} id={id(name)} viewBox="0 0 15 15">
              <Icon />
            </symbol>
          );
        })}
      </svg>
    );
  }

  function Icon({ name }: { name: Name }) {
    return (
      <svg width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
        <use href={`#${id(name)}`} />
      </svg>
    );
  }

  return { Sprite, Icon };
}
