import { z } from "zod";
import { validation } from "../messages";
import { ID_PATTERN } from "./common";

/** One stored image: `url` is the default rendition, `variants` the widths for srcset. */
export const MediaDto = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
  createdAt: z.string(),
});
export type MediaDto = z.infer<typeof MediaDto>;

/** GET /media/gallery?gallery=id1,id2 */
export const GalleryQuery = z.object({
  gallery: z
    .string({ error: validation.required })
    .max(24 * 100 + 99, validation.id)
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(ID_PATTERN, validation.id)).max(100)),
});
export type GalleryQuery = z.infer<typeof GalleryQuery>;
