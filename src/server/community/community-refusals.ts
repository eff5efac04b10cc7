// What the forum says when it refuses (docs/api/community.md): the routes name the not-found
// wording in their id parameters, so it is one.

export const POST_NOT_FOUND_MESSAGE = 'Post not found';
export const REPLY_NOT_FOUND_MESSAGE = 'Reply not found';
export const NOT_YOUR_POST_MESSAGE = 'Only the author or an administrator can change this post.';
export const NOT_YOUR_REPLY_MESSAGE = 'Only the author or an administrator can change this reply.';
export const PHOTO_NOT_UPLOADED_MESSAGE = 'Photo must be a picture uploaded to the club';
