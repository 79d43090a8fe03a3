/** The editor's login for `npm start`: the saved owner, a first owner set-up, or N8N_OWNER_EMAIL/PASSWORD. */
import { ensureOwner, login, type OwnerLogin } from '../n8n/instance';

export async function ownerLogin(
  editor: { url: string; userFolder: string },
  wanted: { email?: string; password?: string },
): Promise<OwnerLogin> {
  try {
    return await ensureOwner(editor, wanted);
  } catch (error) {
    // An owner made earlier whose saved login is gone: the given email and password may log in to it.
    if (!wanted.email || !wanted.password) throw error;
    const session = await login(editor.url, wanted.email, wanted.password);
    return { email: wanted.email, password: wanted.password, session };
  }
}
