import { useEffect, useState } from 'react';

/**
 * Whether the server offers second factors (v1.1 feature `second-factor`, issue 44): null until
 * the probe that every v1.1 call shares has answered, false on a v1 server.
 */
export function useSecondFactorOffered(): boolean | null {
  const [offered, setOffered] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    import('../api/server-version')
      .then(({ offeredV11 }) => offeredV11())
      .then(
        (offer) => current && setOffered(offer?.secondFactor === true),
        () => current && setOffered(false),
      );
    return () => {
      current = false;
    };
  }, []);
  return offered;
}
