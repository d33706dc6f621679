import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileSaved } from '@shopdesk/shared';
import { secureApi } from '../../../lib/api-client.ts';
import { fileDataPath } from '../../../lib/file-path.ts';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session-store.ts';

/**
 * Where the profile picture lives: the identifier of original.md §3, `{userId}-{defaultStore}-profile`,
 * under the default store (its files and quota). Null while nobody is logged in.
 */
export function useProfilePictureRef(): { store: string; id: string } | null {
  const user = useSession((s) => s.loggedUser);
  if (!user?.defaultStore) return null;
  return { store: user.defaultStore, id: `${user.userId}-${user.defaultStore}-profile`.toLowerCase() };
}

const filePath = (ref: { store: string; id: string }) => fileDataPath(ref.store, ref.id);
const pictureKey = (ref: { store: string; id: string } | null) => ['profile', 'picture', ref?.store, ref?.id] as const;

/** The picture as an object URL, or null when there is none (a 404 is "no picture", not an error). */
export function useProfilePictureUrl(): { url: string | null; loading: boolean } {
  const ref = useProfilePictureRef();
  const blob = useQuery({
    queryKey: pictureKey(ref),
    queryFn: async ({ signal }) => {
      try {
        return await secureApi.blob(filePath(ref!), { store: ref!.store, signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: ref !== null,
    staleTime: 5 * 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return setUrl(null);
    const made = URL.createObjectURL(blob.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return { url, loading: blob.isPending && ref !== null };
}

/** Stores or replaces the picture (already made small by the caller). */
export function useUploadProfilePicture() {
  const qc = useQueryClient();
  const ref = useProfilePictureRef();
  return useMutation({
    mutationFn: async (image: Blob) => {
      if (!ref) throw new Error('Not logged in');
      return secureApi.request<FileSaved>(filePath(ref), {
        method: 'PUT',
        body: image,
        contentType: image.type || 'image/jpeg',
        store: ref.store,
      });
    },
    onSuccess: (_saved, image) => qc.setQueryData(pictureKey(ref), image),
  });
}

export function useRemoveProfilePicture() {
  const qc = useQueryClient();
  const ref = useProfilePictureRef();
  return useMutation({
    mutationFn: async () => {
      if (!ref) throw new Error('Not logged in');
      await secureApi.request(filePath(ref), { method: 'DELETE', store: ref.store });
    },
    onSuccess: () => qc.setQueryData(pictureKey(ref), null),
  });
}
