import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { CompanyProduct } from '../../api/structs';
import { PageLoading } from '../shared/page-loading';

const messages = defineMessages({
  heading: { id: 'company.products.heading', defaultMessage: 'Your products' },
  name: { id: 'company.products.name', defaultMessage: 'Name' },
  rate: { id: 'company.products.rate', defaultMessage: 'Rate' },
  end: { id: 'company.products.end', defaultMessage: 'Contract end' },
  dynamic: { id: 'company.products.dynamic', defaultMessage: 'Dynamic rate' },
  running: { id: 'company.products.running', defaultMessage: 'running' },
  empty: { id: 'company.products.empty', defaultMessage: 'You have no products yet.' },
});

/** A yyyy-mm-dd date as a calendar day in the page's language (no time zone shift). */
export function useDayFormat() {
  const intl = useIntl();
  return (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? day
      : intl.formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  };
}

/** SPEC §2 "List of products": name, rate (dynamic, or volume in TB) and contract end date (SPEC §3 Company product). */
export function ProductList({ products }: { products: readonly CompanyProduct[] | null }) {
  const formatDay = useDayFormat();
  return (
    <section className="card company-products" aria-labelledby="company-products-heading">
      <h2 id="company-products-heading"><FormattedMessage {...messages.heading} /></h2>
      {products === null && <PageLoading />}
      {products?.length === 0 && <p><FormattedMessage {...messages.empty} /></p>}
      {products && products.length > 0 && (
        <table className="company-table">
          <thead>
            <tr>
              <th scope="col"><FormattedMessage {...messages.name} /></th>
              <th scope="col"><FormattedMessage {...messages.rate} /></th>
              <th scope="col"><FormattedMessage {...messages.end} /></th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              <tr key={`${product.name}-${index}`}>
                <th scope="row">{product.name}</th>
                <td>
                  {product.dynamic_volume === 1
                    ? <FormattedMessage {...messages.dynamic} />
                    : <FormattedMessage id="company.products.volume" defaultMessage="{volume} TB" values={{ volume: product.volume }} />}
                </td>
                <td>
                  {product.contract_end_date
                    ? formatDay(product.contract_end_date)
                    : <span className="company-none"><FormattedMessage {...messages.running} /></span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
