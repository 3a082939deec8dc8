import { Link } from 'react-router';
import { OvationLogo } from '../logos.tsx';
import classes from './header.module.css';

/** The logo, linking home, at the left of the header. */
export function BrandLink() {
  return (
    <Link to="/" className={classes.brand} aria-label="Ovation home">
      <OvationLogo size={30} color="#ffffff" />
    </Link>
  );
}
