import { secureApi } from '../../../lib/api-client.ts';
import { fileDataPath } from '../../../lib/file-path.ts';

/** Stores an image under a new id in the store's files; the id goes on the product as imageId. */
export async function uploadImage(store: string, image: Blob): Promise<string> {
  const id = crypto.randomUUID();
  await secureApi.request(fileDataPath(store, id), {
    method: 'PUT',
    body: image,
    contentType: image.type || 'image/jpeg',
    store,
  });
  return id;
}
