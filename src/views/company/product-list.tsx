import { defineMessages, FormattedMessage } from 'react-intl';
import type { CompanyProduct } from '../../domain/entities';
import { productRate } from '../../domain/datastore';
import { PageLoading } from '../shared/page-loading';
import { UnknownValue } from '../shared/unknown-value';
import { useDayFormat } from '../shared/use-day-format';

const messages = defineMessages({
  heading: { id: 'company.products.heading', defaultMessage: 'Your datastores under contract' },
  name: { id: 'company.products.name', defaultMessage: 'Name' },
  rate: { id: 'company.products.rate', defaultMessage: 'Rate' },
  end: { id: 'company.products.end', defaultMessage: 'Contract end' },
  dynamic: { id: 'company.products.dynamic', defaultMessage: 'Dynamic rate' },
  running: { id: 'company.products.running', defaultMessage: 'not cancelled' },
  empty: { id: 'company.products.empty', defaultMessage: 'You have no datastores yet.' },
});

/**
 * SPEC §2 "List of products": name, rate (dynamic, or volume in TB) and contract end date (SPEC §3
 * Company product). `loading` while the user is on its way; `products` null or undefined when
 * GET /me did not give them (a dash: "not known" is not "none"). In a row, a value the answer did
 * not give is a dash; an end date sent as null is a product that runs on.
 */
export function ProductList({
  loading,
  products,
}: {
  loading: boolean;
  products: readonly CompanyProduct[] | null | undefined;
}) {
  const formatDay = useDayFormat();
  return (
    <section className="card company-products" aria-labelledby="company-products-heading">
      <h2 id="company-products-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      {loading && <PageLoading />}
      {!loading && products == null && (
        <p>
          <UnknownValue />
        </p>
      )}
      {!loading && products?.length === 0 && (
        <p>
          <FormattedMessage {...messages.empty} />
        </p>
      )}
      {!loading && products && products.length > 0 && (
        <table className="company-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage {...messages.name} />
              </th>
              <th scope="col">
                <FormattedMessage {...messages.rate} />
              </th>
              <th scope="col">
                <FormattedMessage {...messages.end} />
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => {
              const rate = productRate(product);
              return (
                <tr key={`${product.name ?? ''}-${index}`}>
                  <th scope="row">{product.name || <UnknownValue />}</th>
                  <td>
                    {rate === null ? (
                      <UnknownValue />
                    ) : rate.kind === 'dynamic' ? (
                      <FormattedMessage {...messages.dynamic} />
                    ) : (
                      <FormattedMessage
                        id="company.products.volume"
                        defaultMessage={'{volume}\u00a0TB'}
                        values={{ volume: rate.volumeTb }}
                      />
                    )}
                  </td>
                  <td>
                    {product.contract_end_date ? (
                      formatDay(product.contract_end_date)
                    ) : product.contract_end_date === undefined ? (
                      <UnknownValue />
                    ) : (
                      <span className="company-none">
                        <FormattedMessage {...messages.running} />
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
