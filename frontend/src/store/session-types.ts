// Minimal client-side shapes of the session; they move into @atelier/contracts with the API features.

export interface FriendSummary {
  _id: string;
  firstName: string;
  lastName: string;
  occupation: string;
  picturePath: string;
}

export interface SessionUser {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  location: string;
  occupation: string;
  picturePath: string;
  viewedProfile: number;
  impressions: number;
  friends: FriendSummary[];
}

export interface Post {
  _id: string;
  userId: string;
  firstName: string;
  lastName: string;
  description: string;
  location: string;
  picturePath?: string | null;
  userPicturePath: string;
  likes: Record<string, boolean>;
  comments: string[];
}

export interface TrendingUser {
  _id: string;
  firstName: string;
  lastName: string;
  picturePath: string;
  location: string;
}
