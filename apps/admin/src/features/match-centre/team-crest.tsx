import { useState } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { getRuntime } from '../../lib/configuration';
import { imageUrl } from '../../lib/images';
import { legibleColours } from '../../lib/colours';
import type { TeamInfo } from './types';

export function initialsOf(team: Pick<TeamInfo, 'code' | 'shortName' | 'name'>): string {
  if (team.code) return team.code.slice(0, 3).toUpperCase();
  const words = (team.shortName || team.name).split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words.map((w) => w[0]).join('') : words[0]?.slice(0, 3) ?? '?').slice(0, 3).toUpperCase();
}

/** Crests that failed once are not asked for again in this session. */
const failedCrests = new Set<string>();

/**
 * A club's crest from the image CDN; until the image service serves it (or when it fails), a
 * badge with the club's initials in its colours.
 */
export function TeamCrest({ team, size = 56 }: { team: TeamInfo; size?: number }) {
  const translate = useTranslate();
  const [failed, setFailed] = useState(() => !!team.crestPath && failedCrests.has(team.crestPath));
  let src: string | undefined;
  if (team.crestPath && !failed) {
    try {
      const { configuration } = getRuntime();
      src = imageUrl(team.crestPath, { cdnId: configuration.cdn_id, cdnHost: configuration.cdn_host }, { width: size * 2, height: size * 2 });
    } catch {
      src = undefined;
    }
  }
  const label = translate('matchCentre.header.crestOf', { team: team.name });
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt={label}
        width={size}
        height={size}
        onError={() => {
          if (team.crestPath) failedCrests.add(team.crestPath);
          setFailed(true);
        }}
        sx={{ width: size, height: size, objectFit: 'contain', flexShrink: 0 }}
      />
    );
  }
  const { background, color } = legibleColours(team.primaryColor);
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        bgcolor: background,
        color,
        border: 3,
        borderColor: team.secondaryColor ?? 'grey.300',
        display: 'grid',
        placeItems: 'center',
        fontWeight: 700,
        fontSize: size / 3.4,
        letterSpacing: 0.5,
        userSelect: 'none',
      }}
    >
      <span aria-hidden="true">{initialsOf(team)}</span>
    </Box>
  );
}
