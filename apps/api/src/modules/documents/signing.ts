/**
 * The shop's digital signature on its invoices and credit notes (rule 46(q); decision 050): a PAdES
 * signature (ETSI.CAdES.detached) made with the owner's PKCS#12 certificate, by @signpdf. The
 * placeholder is drawn into the document by pdfkit before it ends; the signature fills it after.
 */
import { pdfkitAddPlaceholder } from "@signpdf/placeholder-pdfkit";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import type { SigningKey } from "#api/config";

export type { SigningKey };

/** What a signature says of itself: who signed, where, and why. */
export interface SignatureDetails {
  name: string;
  location: string;
  reason: string;
  contactInfo: string;
}

/** Room for the signature and its certificate chain (bytes). */
const SIGNATURE_LENGTH = 16_384;

/** Draws the signature's field into a document being made (on its current page, invisible). */
export function addSignaturePlaceholder(doc: PDFKit.PDFDocument, details: SignatureDetails): void {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    ...details,
    // PAdES's baseline: a CAdES signature detached from the bytes it covers.
    subFilter: "ETSI.CAdES.detached",
    signatureLength: SIGNATURE_LENGTH,
  });
}

/** Signs a document that holds a placeholder with the owner's certificate. */
export function signPdf(pdf: Buffer, key: SigningKey): Promise<Buffer> {
  return new SignPdf().sign(pdf, new P12Signer(key.p12, { passphrase: key.passphrase }));
}
