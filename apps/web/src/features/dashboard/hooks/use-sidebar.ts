import { create } from "zustand";

interface SidebarState {
  /** The location key the small-screen sidebar was opened at; it is open only while that location stays. */
  openedAt: string | null;
  openAt: (locationKey: string) => void;
  close: () => void;
}

/** The dashboard sidebar on small screens: opened from a section header, closed by any navigation. */
export const useSidebar = create<SidebarState>()((set) => ({
  openedAt: null,
  openAt: (locationKey) => set({ openedAt: locationKey }),
  close: () => set({ openedAt: null }),
}));
