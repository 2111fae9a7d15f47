import { XMarkIcon } from "@heroicons/react/24/outline";
import { searchTexts } from "@shop/shared/messages";
import { Button } from "#web/components/button";
import { Drawer } from "#web/components/drawer";
import { FilterPanel, type FilterPanelProps } from "./filter-panel";

interface FilterDrawerProps extends FilterPanelProps {
  open: boolean;
  onClose: () => void;
  /** How many products the filters on show, for the button that closes the drawer. */
  total: number | undefined;
}

/** The filter panel on phones: a drawer from the side, its changes applied as they are made. */
export function FilterDrawer({ open, onClose, total, ...panel }: FilterDrawerProps) {
  return (
    <Drawer open={open} onClose={onClose} title={searchTexts.filters}>
      <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3">
        <h2 className="text-base font-semibold text-neutral-900">{searchTexts.filters}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={searchTexts.closeFilters}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-control text-neutral-600 hover:bg-neutral-100"
        >
          <XMarkIcon className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <FilterPanel {...panel} />
      </div>
      <div className="border-t border-neutral-200 p-4">
        <Button fullWidth onClick={onClose}>
          {searchTexts.showResults(total)}
        </Button>
      </div>
    </Drawer>
  );
}
