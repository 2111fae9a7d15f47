import { type ComponentType, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { SearchField } from "#web/components/search-field";

type Combobox = ComponentType<{ defaultValue: string; autoFocus?: boolean; className?: string }>;

/**
 * The header's search: submits to /search?keyword=, and shows the current keyword on that page.
 * NOTE: the suggestions' code (./search-combobox) is not part of the first load: a plain box is drawn,
 * and the box with suggestions takes its place on first focus, with what was typed and the focus.
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const current = pathname === "/search" ? (searchParams.get("keyword") ?? "") : "";
  const [combobox, setCombobox] = useState<{ Component: Combobox; typed: string; focus: boolean } | null>(
    null,
  );
  const wrapper = useRef<HTMLDivElement>(null);
  const loading = useRef(false);
  // The focus is taken once, by the box that replaces the plain one; not by its later remounts.
  useEffect(() => {
    if (combobox?.focus) setCombobox({ ...combobox, focus: false });
  }, [combobox]);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void import("./search-combobox").then(({ SearchCombobox }) => {
      const input = wrapper.current?.querySelector("input");
      setCombobox({
        Component: SearchCombobox,
        typed: input?.value ?? current,
        focus: input !== null && input !== undefined && document.activeElement === input,
      });
    });
  };

  if (combobox) {
    const { Component, focus } = combobox;
    return (
      <Component
        // Remount when the keyword in the address changes (back button, a shared link).
        key={current}
        defaultValue={focus ? combobox.typed : current}
        autoFocus={focus}
        className={className}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the box's own focus bubbles here; nothing is added to it.
    <div ref={wrapper} onFocus={load} className={className}>
      <SearchField
        label="Search products"
        buttonLabel="Search"
        defaultValue={current}
        onSearch={(keyword) => navigate(`/search?${new URLSearchParams({ keyword }).toString()}`)}
        tone="muted"
      />
    </div>
  );
}
