import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";

export function MediaPage() {
  return (
    <>
      <SectionHeader title="Media" />
      <SectionBody>
        <SectionCard title="All Media">
          <p className="text-sm text-neutral-600">
            The image grid and the Upload Media action will appear here.
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
