import { EmptyEnvelope, envelope, listEnvelope } from "@shop/shared/api";

import { api } from "@shop/shared/messages";
import { IdParams, ListQuery } from "@shop/shared/schemas/common";
import { GalleryQuery, MediaDto } from "@shop/shared/schemas/media";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { list, ok } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { toMediaDto } from "./dto";
import { deleteMedia, getGallery, getMedia, ingestImage, listMediaPage } from "./service";
import { readUpload, registerUploads } from "./upload";

/** Mounted at /api/media: staff upload, list and delete; anyone may read one item or a gallery. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);

  app.post(
    "/",
    {
      schema: {
        tags: ["media"],
        operationId: "uploadImage",
        summary: "Upload an image (multipart field `image`; admin or manager)",
        consumes: ["multipart/form-data"],
        response: { 201: envelope(MediaDto) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const upload = await readUpload(request, "image");
      const media = await ingestImage(app.db, userOf(request), app.storage, {
        ...upload,
        uploadedBy: userOf(request).id,
      });
      return reply.status(201).send(ok(toMediaDto(media), api.mediaUploaded));
    },
  );

  app.get(
    "/",
    {
      schema: {
        tags: ["media"],
        operationId: "listImages",
        summary: "Uploaded images, newest first, `keyword` on the name (staff)",
        querystring: ListQuery,
        response: { 200: listEnvelope(MediaDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      const { rows, total } = await listMediaPage(app.db, { keyword }, { page, size });
      return list(rows.map(toMediaDto), { page, size, total });
    },
  );

  app.get(
    "/gallery",
    {
      schema: {
        tags: ["media"],
        operationId: "getGallery",
        summary: "Several images by id, in the order asked for; unknown ids are left out",
        querystring: GalleryQuery,
        response: { 200: envelope(z.array(MediaDto)) },
      },
    },
    async (request) => ok((await getGallery(app.db, request.query.gallery)).map(toMediaDto)),
  );

  app.get(
    "/:id",
    {
      schema: {
        tags: ["media"],
        operationId: "getImage",
        summary: "One image",
        params: IdParams,
        response: { 200: envelope(MediaDto) },
      },
    },
    async (request) => ok(toMediaDto(await getMedia(app.db, request.params.id))),
  );

  app.delete(
    "/:id",
    {
      schema: {
        tags: ["media"],
        operationId: "deleteImage",
        summary:
          "Delete an image everywhere: its files, and every product's thumbnail and gallery entry (staff)",
        params: IdParams,
        response: { 200: EmptyEnvelope },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      await deleteMedia(app.db, userOf(request), app.storage, request.params.id);
      return ok(null, api.deleted);
    },
  );
};
