import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";

export function CategoriesPage() {
  return (
    <>
      <SectionHeader title="Categories" />
      <SectionBody>
        <SectionCard title="All Categories">
          <p className="text-sm text-neutral-600">
            The categories table (name, slug and product count) and the New Category action will appear here.
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
