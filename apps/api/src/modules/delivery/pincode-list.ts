/**
 * A shipping method's PIN code list, as staff keep it: replaced as a whole by an upload (checked
 * line by line, saved in one transaction or not at all, recorded in the activity log), and read a
 * page at a time, searched by the first digits of a PIN code.
 */
import { deliveryApi } from "@shop/shared/messages";
import {
  PINCODE_FAULTS_LISTED,
  type PincodeListQuery,
  type PincodeRowDto,
  type PincodeUploadDto,
} from "@shop/shared/schemas/delivery";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { AppError } from "#api/core/errors";
import { limitOffset } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { readPincodeCsv } from "./pincode-csv";
import { countPincodes, listPincodes, replacePincodes } from "./repo";

/** The settings' method of this id, or 404. */
function methodOf(methods: readonly ShippingMethod[], methodId: string): ShippingMethod {
  const method = methods.find((candidate) => candidate._id === methodId);
  if (!method)
    throw new AppError("NOT_FOUND", deliveryApi.methodNotFound, { methodId: deliveryApi.methodNotFound });
  return method;
}

/**
 * Replaces a method's PIN code list with an uploaded CSV file's rows. Any wrong row: nothing is
 * saved, 400 with each fault at `lines.<line>` and, as the upload's answer, `data: { rows, errors }`
 * (the file's data rows, and its first PINCODE_FAULTS_LISTED faults by line; the message counts them
 * all). A method serving states may hold a list too: it is used once the method serves PIN codes.
 * NOTE: the method is looked up in the settings as this instance last read them (a few seconds at
 * most); a list uploaded for a method removed meanwhile is read by nothing.
 */
export async function replacePincodeList(
  db: Database,
  methods: readonly ShippingMethod[],
  methodId: string,
  csv: string,
  actor: ActivityActor,
): Promise<PincodeUploadDto> {
  const method = methodOf(methods, methodId);
  const { rows, faults } = readPincodeCsv(csv);
  if (faults.length > 0) {
    const listed = faults.slice(0, PINCODE_FAULTS_LISTED);
    throw new AppError(
      "BAD_REQUEST",
      deliveryApi.listRefused(faults.length),
      Object.fromEntries(listed.map((fault) => [`lines.${fault.line}`, fault.message])),
      { rows: rows.length + faults.length, errors: listed },
    );
  }
  await db.transaction(async (tx) => {
    const before = await countPincodes(tx, method._id);
    await replacePincodes(tx, method._id, rows);
    const after = { rows: rows.length, cod: rows.filter((row) => row.cod).length };
    // A change of the shipping settings: on the settings' section, named by the method.
    await recordActivity(
      tx,
      actor,
      "shipping.pincodes_replaced",
      { type: "settings", id: "shipping", label: method.name },
      { pincodes: before },
      { pincodes: after },
    );
  });
  return { rows: rows.length, errors: [] };
}

/** A page of a method's list in PIN code order; `search` keeps the codes that start with its digits. */
export async function pincodeListPage(
  db: Database,
  methods: readonly ShippingMethod[],
  methodId: string,
  { page, size, search }: PincodeListQuery,
): Promise<{ rows: PincodeRowDto[]; total: number }> {
  const method = methodOf(methods, methodId);
  // The codes starting with "56" are those from 560000 to 569999: a range of the method's index.
  const range = search ? { from: search.padEnd(6, "0"), to: search.padEnd(6, "9") } : undefined;
  return listPincodes(db, method._id, range, limitOffset({ page, size }));
}
