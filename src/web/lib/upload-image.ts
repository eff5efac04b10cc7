import { api, ApiError, type ApiAnswer } from './api-client';

type UploadedImage = ApiAnswer<'POST /api/uploads'>;

/** How the server keeps the picture: as it is, or cut square (an avatar). */
export type UploadShape = 'picture' | 'square';

/**
 * POST /api/uploads (multipart, one image): listing photos, and avatars (?shape=square). Shared
 * by the features that take photos. XMLHttpRequest rather than fetch, because only it reports
 * upload progress. Failures become ApiError, so the server's reason is shown.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  shape: UploadShape = 'picture',
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.url('POST /api/uploads', { query: { shape: shape === 'square' ? shape : undefined } }));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, 'The server sent an unreadable answer.'));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    });
    xhr.addEventListener('error', () => reject(new Error('The upload failed. Please check your connection.')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('image', file);
    xhr.send(body);
  });
}
