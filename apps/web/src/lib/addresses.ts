/**
 * The signed-in shopper's saved addresses (GET, POST, PUT, DELETE /api/users/current-user/addresses),
 * shared by the shipping page (choose, add or fix one) and the profile (add, edit and delete).
 */
import { accountNotes, errors } from "@shop/shared/messages";
import type { AddressDto, AddressInput } from "@shop/shared/schemas/address";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "./api";
import { useCart } from "./cart-store";
import { accountKeys } from "./query-keys";
import { responseSchemas } from "./response-schemas";
import { toast } from "./toast";

const ADDRESSES_PATH = "/users/current-user/addresses";

export function getAddresses({ signal }: { signal?: AbortSignal } = {}) {
  return api.get(ADDRESSES_PATH, {
    schema: responseSchemas.addresses,
    signal,
    defaultMessage: errors.tryAgainLater,
  });
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
  return api.post(ADDRESSES_PATH, input, {
    schema: responseSchemas.address,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: (address) => {
      toast.success(accountNotes.addressAdded);
      queryClient.setQueryData(accountKeys.addresses, (current: AddressDto[] | undefined) =>
        current ? [...current, address] : current,
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function updateAddress({ id, input }: { id: string; input: AddressInput }) {
  return api.put(`${ADDRESSES_PATH}/${encodeURIComponent(id)}`, input, {
    schema: responseSchemas.address,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (address) => {
      // The address chosen for delivery is kept as it now reads.
      const cart = useCart.getState();
      if (cart.address?._id === address._id) cart.setAddress(address);
      toast.success(accountNotes.addressUpdated);
      queryClient.setQueryData(accountKeys.addresses, (current: AddressDto[] | undefined) =>
        current?.map((saved) => (saved._id === address._id ? address : saved)),
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function deleteAddress(id: string) {
  return api.delete(`${ADDRESSES_PATH}/${encodeURIComponent(id)}`, {
    defaultMessage: errors.tryAgainEllipsis,
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
      toast.success(accountNotes.addressDeleted);
      queryClient.setQueryData(accountKeys.addresses, (current: AddressDto[] | undefined) =>
        current?.filter((address) => address._id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.addresses });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
