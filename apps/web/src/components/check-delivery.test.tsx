import { deliveryApi, deliveryCheck } from "@shop/shared/messages";
import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useCart } from "#web/lib/cart-store";
import { DELIVERY_PINCODE_STORAGE_KEY } from "#web/lib/delivery";
import { accountKeys } from "#web/lib/query-keys";
import { setShopSettings } from "#web/lib/shop-settings";
import { type StubRoutes, stubApi } from "#web/test/api-stub";
import { homeAddress } from "#web/test/fixtures";
import { renderRoutes } from "#web/test/render";
import { CheckDelivery } from "./check-delivery";

const PRODUCT = "abababababababababababab";

function answer(pincode: string, overrides: Partial<DeliveryDto> = {}): DeliveryDto {
  return {
    pincode,
    deliverable: true,
    methods: [
      {
        _id: "5e771e9000000000000000a1",
        name: "Standard",
        price: 80,
        days: 5,
        deliverBy: "2024-12-03",
        cod: true,
      },
      {
        _id: "5e771e9000000000000000a2",
        name: "Express",
        price: 150,
        days: 2,
        deliverBy: "2024-11-30",
        cod: false,
      },
    ],
    cod: true,
    codReason: null,
    codLimit: null,
    ...overrides,
  };
}

function open(routes: StubRoutes, product?: string) {
  const api = stubApi(routes);
  const { queryClient } = renderRoutes([{ path: "/", element: <CheckDelivery product={product} /> }], "/");
  return { ...api, queryClient };
}

const field = () => screen.findByRole("textbox", { name: deliveryCheck.pincode });
const status = () => screen.getByRole("region", { name: deliveryCheck.title });

afterEach(() => {
  useCart.setState({ items: [], address: null });
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("Check delivery", () => {
  it("answers for a PIN code typed: the fastest method's day in the shop's locale and COD, and remembers it", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    const user = userEvent.setup();
    const { requests } = open({ "GET /api/delivery/560001": { data: answer("560001") } }, PRODUCT);

    // Nothing known on this device: nothing is asked until a code is checked.
    await user.type(await field(), "560 001");
    expect(requests).toEqual([]);
    await user.click(screen.getByRole("button", { name: deliveryCheck.check }));

    // Express's Saturday, not Standard's Tuesday: the fastest method's day.
    expect(await screen.findByText(deliveryCheck.deliveredBy("Sat, 30 Nov"))).toBeVisible();
    expect(within(status()).getByText(deliveryCheck.codAvailable)).toBeVisible();
    expect(requests.map((request) => `${request.path}?${request.query}`)).toEqual([
      `/api/delivery/560001?product=${PRODUCT}`,
    ]);
    expect(localStorage.getItem(DELIVERY_PINCODE_STORAGE_KEY)).toBe("560001");
  });

  it("checks the PIN code remembered on the device at once", async () => {
    localStorage.setItem(DELIVERY_PINCODE_STORAGE_KEY, "400001");
    const { requests } = open({
      "GET /api/delivery/400001": {
        data: answer("400001", {
          methods: [
            {
              _id: "5e771e9000000000000000a1",
              name: "Standard",
              price: 80,
              days: 3,
              deliverBy: "2024-12-02",
              cod: false,
            },
          ],
          cod: false,
        }),
      },
    });

    expect(await field()).toHaveValue("400001");
    expect(await screen.findByText(deliveryCheck.deliveredBy("Mon, Dec 2"))).toBeVisible();
    expect(screen.getByText(deliveryCheck.codUnavailable)).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.query.has("product")).toBe(false);
  });

  it("says why cash on delivery is not possible, as the pay page will refuse it, and the limit left to the order", async () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    const user = userEvent.setup();
    open({
      "GET /api/delivery/403001": { data: answer("403001", { cod: false, codReason: "pincodeBlocked" }) },
      "GET /api/delivery/400050": { data: answer("400050", { cod: false, codReason: "barred" }) },
      "GET /api/delivery/560001": { data: answer("560001", { codLimit: 20000 }) },
    });
    const check = async (pincode: string) => {
      await user.clear(await field());
      await user.type(await field(), pincode);
      await user.click(screen.getByRole("button", { name: deliveryCheck.check }));
    };
    await check("403001");
    expect(
      await within(status()).findByText(deliveryCheck.codUnavailableBecause.pincodeBlocked),
    ).toBeVisible();
    expect(within(status()).queryByText(deliveryCheck.codAvailable)).toBeNull();
    await check("400050");
    expect(await within(status()).findByText(deliveryCheck.codUnavailableBecause.barred)).toBeVisible();
    await check("560001");
    expect(await within(status()).findByText(deliveryCheck.codAvailableUpTo("₹20,000.00"))).toBeVisible();
  });

  it("checks the address chosen for the cart when nothing is remembered, without remembering it", async () => {
    useCart.setState({ address: { ...homeAddress, pinCode: "411001" } });
    open({ "GET /api/delivery/411001": { data: answer("411001") } });

    expect(await field()).toHaveValue("411001");
    expect(await screen.findByText(deliveryCheck.deliveredBy("Sat, Nov 30"))).toBeVisible();
    expect(localStorage.getItem(DELIVERY_PINCODE_STORAGE_KEY)).toBeNull();
  });

  it("checks a signed-in shopper's saved address once another page has read them, asking nothing for them", async () => {
    const { requests, queryClient } = open({ "GET /api/delivery/682001": { data: answer("682001") } });
    expect(await field()).toHaveValue("");
    queryClient.setQueryData(accountKeys.addresses, [{ ...homeAddress, pinCode: "682 001" }]);

    expect(await screen.findByText(deliveryCheck.deliveredBy("Sat, Nov 30"))).toBeVisible();
    expect(screen.getByRole("textbox", { name: deliveryCheck.pincode })).toHaveValue("682001");
    expect(requests.map((request) => request.path)).toEqual(["/api/delivery/682001"]);
  });

  it("says a PIN code is not deliverable, and nothing of cash on delivery", async () => {
    const user = userEvent.setup();
    open({
      "GET /api/delivery/744101": {
        data: {
          pincode: "744101",
          deliverable: false,
          methods: [],
          cod: false,
          codReason: null,
          codLimit: null,
        },
      },
    });

    await user.type(await field(), "744101{Enter}");
    expect(await screen.findByText(deliveryCheck.notDeliverable("744101"))).toBeVisible();
    expect(screen.queryByText(deliveryCheck.codUnavailable)).not.toBeInTheDocument();
    expect(screen.queryByText(/Delivered by/)).not.toBeInTheDocument();
  });

  it("says where a method promises no day that the shop delivers there", async () => {
    const user = userEvent.setup();
    open({
      "GET /api/delivery/110001": {
        data: answer("110001", {
          methods: [
            {
              _id: "5e771e9000000000000000a1",
              name: "Standard",
              price: 80,
              days: null,
              deliverBy: null,
              cod: true,
            },
          ],
        }),
      },
    });

    await user.type(await field(), "110001{Enter}");
    expect(await screen.findByText(deliveryCheck.deliverable("110001"))).toBeVisible();
    expect(screen.getByText(deliveryCheck.codAvailable)).toBeVisible();
  });

  it("refuses a code that is not a PIN code before asking, with the API's words", async () => {
    const user = userEvent.setup();
    const { requests } = open({});

    const input = await field();
    await user.type(input, "012345{Enter}");
    expect(await screen.findByText(deliveryApi.pincode)).toBeVisible();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(deliveryApi.pincode);
    expect(requests).toEqual([]);
    expect(localStorage.getItem(DELIVERY_PINCODE_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusal of the PIN code under the field", async () => {
    const user = userEvent.setup();
    open({
      "GET /api/delivery/999999": {
        status: 400,
        message: "Some fields are invalid.",
        errors: { pincode: deliveryApi.pincode },
      },
    });

    const input = await field();
    await user.type(input, "999999{Enter}");
    expect(await screen.findByText(deliveryApi.pincode)).toBeVisible();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(deliveryCheck.failed)).not.toBeInTheDocument();
  });

  it("says the check failed when the server cannot answer, and asks again on Check", async () => {
    const user = userEvent.setup();
    let asked = 0;
    open({
      "GET /api/delivery/600001": () => {
        asked += 1;
        return asked === 1 ? { status: 503 } : { data: answer("600001") };
      },
    });

    await user.type(await field(), "600001{Enter}");
    expect(await screen.findByText(deliveryCheck.failed)).toBeVisible();
    await user.click(screen.getByRole("button", { name: deliveryCheck.check }));
    expect(await screen.findByText(deliveryCheck.deliveredBy("Sat, Nov 30"))).toBeVisible();
    expect(asked).toBe(2);
  });
});
