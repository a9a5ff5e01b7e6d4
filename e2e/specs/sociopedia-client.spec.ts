import { expect, test } from '@playwright/test';
import { TINY_PNG, uniqueTag } from '../support/matrix-network';
import { serveSecondOrigin } from '../support/second-origin';

// Matrix Network copies Sociopedia (github.com/ed-roh/mern-social-media), and a client built against
// the original's defaults works unchanged (docs/decisions/0012-sociopedia-compatible-api.md). Here the original React client's fetch
// calls run in the browser on a page of another origin, as that app runs on its own dev server, with
// its server `http://localhost:3001` replaced by the API's /express; then its <img> tags show the
// pictures it builds, `/assets/<picturePath>` (Atelier answers them under /express too). The second
// origin is listed in the server's CORS_ORIGINS (playwright.config.ts).

interface ClientSession {
  /** Each request's status, by step. */
  statuses: Record<string, number>;
  /** Every picture name the screens of the session would show. */
  pictures: string[];
  /** What the friend toggle and the like answered, as the screens read them. */
  befriended: boolean;
  liked: boolean;
}

test('the original Sociopedia client, served from another origin, signs up, posts, befriends, likes and shows every picture', async ({
  page,
  baseURL,
}) => {
  const site = await serveSecondOrigin(baseURL!, 'Sociopedia');
  try {
    await page.goto(site.origin);
    const session: ClientSession = await page.evaluate(
      async ({ api, png, tag }) => {
        const statuses: Record<string, number> = {};
        const answer = async (step: string, response: Response) => {
          statuses[step] = response.status;
          return response.json();
        };
        const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
        /** What react-dropzone hands the form: the dropped File. */
        const dropped = (name: string) => new File([bytes], name, { type: 'image/png' });
        type Session = { token: string; user: { _id: string; picturePath: string } };
        type Post = { _id: string; userId: string; picturePath: string | null; userPicturePath: string; likes: Record<string, boolean> };
        type Friend = { _id: string; picturePath: string };

        // client/src/scenes/loginPage/Form.jsx, register(): every Formik value, then picturePath; no headers.
        const register = async (values: Record<string, string | File>) => {
          const formData = new FormData();
          for (const value in values) formData.append(value, values[value]);
          formData.append('picturePath', (values.picture as File).name);
          return answer(`register ${values.firstName}`, await fetch(`${api}/auth/register`, { method: 'POST', body: formData }));
        };
        // Form.jsx, login().
        const login = async (who: string, values: { email: string; password: string }): Promise<Session> =>
          answer(
            `login ${who}`,
            await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(values) }),
          );
        const signUp = async (firstName: string) => {
          const email = `${firstName.toLowerCase()}-${tag}@example.com`;
          const password = `password-${tag}`;
          const values = { firstName, lastName: `Sociopedia${tag}`, email, password, location: 'Lisbon', occupation: 'ML Engineer' };
          await register({ ...values, picture: dropped(`${firstName.toLowerCase()}.png`) });
          return login(firstName, { email, password });
        };
        // client/src/scenes/widgets/MyPostWidget.jsx, handlePost().
        const handlePost = async (who: string, { token, user }: Session, post: string, image: File | null): Promise<Post[]> => {
          const formData = new FormData();
          formData.append('userId', user._id);
          formData.append('description', post);
          if (image) {
            formData.append('picture', image);
            formData.append('picturePath', image.name);
          }
          return answer(`post ${who}`, await fetch(`${api}/posts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: formData }));
        };
        // client/src/scenes/widgets/PostsWidget.jsx, getPosts() and getUserPosts().
        const getPosts = async ({ token }: Session): Promise<Post[]> =>
          answer('feed', await fetch(`${api}/posts`, { method: 'GET', headers: { Authorization: `Bearer ${token}` } }));
        const getUserPosts = async ({ token }: Session, userId: string): Promise<Post[]> =>
          answer('user posts', await fetch(`${api}/posts/${userId}/posts`, { method: 'GET', headers: { Authorization: `Bearer ${token}` } }));
        // client/src/scenes/widgets/UserWidget.jsx and client/src/scenes/profilePage/index.jsx, getUser().
        const getUser = async ({ token }: Session, userId: string, step: string) =>
          answer(step, await fetch(`${api}/users/${userId}`, { method: 'GET', headers: { Authorization: `Bearer ${token}` } }));
        // client/src/scenes/widgets/FriendListWidget.jsx, getFriends().
        const getFriends = async ({ token }: Session, userId: string, step: string): Promise<Friend[]> =>
          answer(step, await fetch(`${api}/users/${userId}/friends`, { method: 'GET', headers: { Authorization: `Bearer ${token}` } }));
        // client/src/components/Friend.jsx, patchFriend().
        const patchFriend = async ({ token, user }: Session, friendId: string): Promise<Friend[]> =>
          answer(
            'toggle friend',
            await fetch(`${api}/users/${user._id}/${friendId}`, {
              method: 'PATCH',
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            }),
          );
        // client/src/scenes/widgets/PostWidget.jsx, patchLike().
        const patchLike = async ({ token, user }: Session, postId: string): Promise<Post> =>
          answer(
            'like',
            await fetch(`${api}/posts/${postId}/like`, {
              method: 'PATCH',
              headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({ userId: user._id }),
            }),
          );

        // Ben signs up and posts a picture; then Ada signs up and goes through the client's screens.
        const ben = await signUp('Ben');
        await handlePost('Ben', ben, `Sunset ${tag}`, dropped('sunset.png'));
        const ada = await signUp('Ada');
        // Home page: her card, the feed, her friends.
        await getUser(ada, ada.user._id, 'user Ada');
        const feed = await getPosts(ada);
        await getFriends(ada, ada.user._id, 'friends Ada');
        // Ben's profile page: his card, his friends, his posts; she befriends him from his post.
        await getUser(ada, ben.user._id, 'user Ben');
        const bensPosts = await getUserPosts(ada, ben.user._id);
        const friends = await patchFriend(ada, ben.user._id);
        const bensFriends = await getFriends(ada, ben.user._id, 'friends Ben');
        // Back home: she posts a picture and likes Ben's.
        const afterPost = await handlePost('Ada', ada, `Hello ${tag}`, dropped('hello.png'));
        const liked = await patchLike(ada, bensPosts[0]._id);

        const pictures = new Set<string>([ada.user.picturePath, ben.user.picturePath]); // UserWidget, MyPostWidget
        for (const post of [...feed, ...bensPosts, ...afterPost.slice(0, 3), liked]) {
          pictures.add(post.userPicturePath); // Friend.jsx on each post
          if (post.picturePath) pictures.add(post.picturePath); // PostWidget.jsx
        }
        for (const friend of [...friends, ...bensFriends]) pictures.add(friend.picturePath); // FriendListWidget.jsx
        return {
          statuses,
          pictures: [...pictures],
          befriended: friends.some((friend) => friend._id === ben.user._id),
          liked: liked.likes[ada.user._id] === true,
        };
      },
      { api: `${baseURL}/express`, png: TINY_PNG.toString('base64'), tag: uniqueTag() },
    );

    expect(session.statuses).toEqual({
      'register Ben': 201,
      'login Ben': 200,
      'post Ben': 201,
      'register Ada': 201,
      'login Ada': 200,
      'user Ada': 200,
      feed: 200,
      'friends Ada': 200,
      'user Ben': 200,
      'user posts': 200,
      'toggle friend': 200,
      'friends Ben': 200,
      'post Ada': 201,
      like: 200,
    });
    expect({ befriended: session.befriended, liked: session.liked }).toEqual({ befriended: true, liked: true });
    // Both members' faces, both new posts' pictures, and the seeded ones the feed shows.
    expect(session.pictures.length).toBeGreaterThanOrEqual(6);

    // client/src/components/UserImage.jsx and PostWidget.jsx: <img src={`${server}/assets/${name}`}>, no crossorigin.
    await page.evaluate(
      ({ root, names }) => {
        for (const name of names) {
          const img = document.createElement('img');
          img.alt = name;
          img.src = `${root}/assets/${name}`;
          document.body.append(img);
        }
      },
      { root: baseURL!, names: session.pictures },
    );
    const images = () => page.evaluate(() => Array.from(document.images, (img) => ({ name: img.alt, complete: img.complete, width: img.naturalWidth })));
    await expect.poll(async () => (await images()).every((image) => image.complete)).toBe(true);
    const shown = await images();
    expect(shown.filter((image) => image.width === 0).map((image) => image.name)).toEqual([]);
    expect(shown).toHaveLength(session.pictures.length);
  } finally {
    await site.close();
  }
});
