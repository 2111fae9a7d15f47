/**
 * The signed-in shopper's saved addresses (GET, POST, DELETE /api/users/current-user/addresses),
 * shared by the shipping page (choose or add one) and the profile (add and delete).
 */
import { errors } from "@shop/shared/messages";
import type { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api";
import { useCart } from "./cart-store";
import { accountKeys } from "./query-keys";

const ADDRESSES_PATH = "/users/current-user/addresses";

export function getAddresses({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<AddressDto[]>(ADDRESSES_PATH, { signal, defaultMessage: errors.profileAddressPassword });
}

export function addressesQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.addresses,
    queryFn: ({ signal }) => getAddresses({ signal }),
  });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}

export function addAddress(input: AddressInput) {
  return api.post<AddressDto>(ADDRESSES_PATH, input, { defaultMessage: errors.profileAddressPassword });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: (address) => {
      queryClient.setQueryData(accountKeys.addresses, (current: AddressDto[] | undefined) =>
        current ? [...current, address] : current,
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses });
    },
  });
}

export function deleteAddress(id: string) {
  return api.delete<null>(`${ADDRESSES_PATH}/${encodeURIComponent(id)}`, {
    defaultMessage: errors.addressDeleteOrAvatar,
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (_data, id) => {
      // The address chosen for delivery is gone: the shopper chooses again at shipping.
      const cart = useCart.getState();
      if (cart.address?._id === id) cart.setAddress(null);
      queryClient.setQueryData(accountKeys.addresses, (current: AddressDto[] | undefined) =>
        current?.filter((address) => address._id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses });
    },
  });
}
