import Avatar from '@mui/material/Avatar';

interface MemberAvatarProps {
  picturePath: string;
  firstName: string;
  lastName: string;
  /** px; friend rows use 55 (docs/requirements/matrix-network.md#post-card). */
  size?: number;
}

/** A member's picture from /assets/users/, or their initials when there is none or it fails to load. */
export function MemberAvatar({ picturePath, firstName, lastName, size = 55 }: MemberAvatarProps) {
  return (
    <Avatar
      src={picturePath ? `/assets/users/${encodeURIComponent(picturePath)}` : undefined}
      alt={`${firstName} ${lastName}`}
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      {`${firstName.charAt(0)}${lastName.charAt(0)}`}
    </Avatar>
  );
}
