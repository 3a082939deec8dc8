import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NOT_AVAILABLE_IN_COUNTRY } from '@ovation/shared/constants';
import { AwardIcon, DiceIcon, GiftIcon, HandIcon } from '../../../components/social/icons.tsx';
import { useSession } from '../../../api/session-context.tsx';
import classes from './action-tiles.module.css';

interface Tile {
  title: string;
  text: string;
  href: string;
  icon: ReactNode;
  tone: 'teal' | 'amber' | 'indigo' | 'berry';
  enabled: boolean;
}

function TileView({ tile }: { tile: Tile }) {
  const body = (
    <>
      <span className={classes.icon} aria-hidden="true">
        {tile.icon}
      </span>
      <span className={classes.title}>{tile.title}</span>
      <span className={classes.text}>{tile.enabled ? tile.text : NOT_AVAILABLE_IN_COUNTRY}</span>
    </>
  );
  // A greyed tile is not a link at all (spec §2: clickable only in South Africa).
  return tile.enabled ? (
    <Link to={tile.href} className={classes.tile} data-tone={tile.tone}>
      {body}
    </Link>
  ) : (
    <div className={classes.tile} data-tone={tile.tone} aria-disabled="true" data-testid={`tile-${tile.href}`}>
      {body}
    </div>
  );
}

/** The four tiles of the Home screen (spec §2). */
export function ActionTiles() {
  const { capabilities, profile } = useSession();
  const plays = profile?.awardsPointsAvailable1 ?? 0;
  const tiles: Tile[] = [
    {
      title: 'High Five',
      text: 'Send a personal note of appreciation',
      href: '/high5',
      icon: <HandIcon size={26} />,
      tone: 'teal',
      enabled: true,
    },
    {
      title: 'Recognise',
      text: "Acknowledge people who show up in the firm's way",
      href: '/recognise',
      icon: <AwardIcon size={26} />,
      tone: 'indigo',
      enabled: true,
    },
    {
      title: 'Game Board',
      text: `${plays} ${plays === 1 ? 'play' : 'plays'} available`,
      href: '/flipcapgame',
      icon: <DiceIcon size={26} />,
      tone: 'amber',
      enabled: capabilities.playGame,
    },
    {
      title: 'Pay it Forward',
      text: 'Share part of your Kudos',
      href: '/payitforward',
      icon: <GiftIcon size={26} />,
      tone: 'berry',
      enabled: capabilities.payItForward,
    },
  ];
  return (
    <nav aria-label="Quick actions" className={classes.grid}>
      {tiles.map((tile) => (
        <TileView key={tile.href} tile={tile} />
      ))}
    </nav>
  );
}
