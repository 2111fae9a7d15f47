import { envelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import { UserDto } from "@shop/shared/schemas/user";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "#api/http/envelope";
import { requireUser, userOf } from "#api/http/session";
import { readUpload, registerUploads } from "#api/modules/media/upload";
import { toUserDto } from "./dto";
import { changeAvatar } from "./service";

/** Mounted at /api/users/current-user/avatar; its own plugin so that multipart is parsed here only. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerUploads(app);

  app.patch(
    "/",
    {
      schema: {
        tags: ["users"],
        operationId: "changeAvatar",
        summary: "Replace the signed-in user's avatar (multipart field `avatar`)",
        consumes: ["multipart/form-data"],
        response: { 200: envelope(UserDto) },
      },
      preValidation: requireUser,
    },
    async (request) => {
      const { buffer } = await readUpload(request, "avatar");
      const user = await changeAvatar(app.db, app.storage, userOf(request), { buffer });
      return ok(toUserDto(user), api.avatarUpdated);
    },
  );
};
