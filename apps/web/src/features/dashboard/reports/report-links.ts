import { gstReport } from "@shop/shared/messages";
import type { SectionLink } from "../components/section-header";

/** The Reports section's tabs: the sales report and the GST returns, each a page of its own. */
export const REPORT_LINKS: readonly SectionLink[] = [
  { to: "/dashboard/reports", label: gstReport.salesTab },
  { to: "/dashboard/reports/gst", label: gstReport.gstTab },
];
