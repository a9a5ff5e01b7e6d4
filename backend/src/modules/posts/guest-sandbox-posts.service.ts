import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Transaction } from '../../db/transaction';
import { MediaStore } from '../media/media-store.service';
import { DEMO_GUEST_POST, DEMO_MEMBERS } from '../users/demo-members';
import { GuestSandboxes, type SandboxContent } from '../users/guest-sandboxes.service';
import { PostsRepository } from './posts.repository';

/** What the Matrix Network seed gives the guest: its one post, and likes of demo members' posts only. */
const SEEDED_GUEST_CONTENT = {
  ownPosts: [DEMO_GUEST_POST],
  likedAuthors: Object.values(DEMO_MEMBERS).map((member) => member.email),
};

/** Posts' part of a guest sandbox (see GuestSandboxes): the template's posts, likes and comments. */
@Injectable()
export class GuestSandboxPosts implements SandboxContent, OnModuleInit {
  constructor(
    private readonly posts: PostsRepository,
    private readonly media: MediaStore,
    private readonly sandboxes: GuestSandboxes,
  ) {}

  onModuleInit(): void {
    this.sandboxes.addContent(this);
  }

  copy(tx: Transaction, templateId: string, sandboxId: string): Promise<void> {
    return this.posts.copyToSandbox(tx, templateId, sandboxId);
  }

  async remove(tx: Transaction, sandboxIds: readonly string[]): Promise<() => Promise<void>> {
    const unusedPictures = await this.posts.deleteByAuthors(tx, sandboxIds);
    return () => this.removePictures(unusedPictures);
  }

  async restoreTemplate(templateId: string): Promise<void> {
    await this.removePictures(await this.posts.restoreAuthorContent(templateId, SEEDED_GUEST_CONTENT));
  }

  private async removePictures(fileNames: string[]): Promise<void> {
    await Promise.all(fileNames.map((fileName) => this.media.remove('posts', fileName)));
  }
}
