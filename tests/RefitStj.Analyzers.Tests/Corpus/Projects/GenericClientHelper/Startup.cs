using System.Net.Http;
using Microsoft.Extensions.DependencyInjection;

namespace GenericClientHelper;

public static class Startup
{
    public static IInvoicesApi Invoices(HttpClient http) => Billing.ForBilling<IInvoicesApi>(http); //! RSTJ001

    public static ICustomersApi Customers(HttpClient http) => Billing.ForBilling<ICustomersApi>(http);

    public static void Register(IServiceCollection services)
    {
        services.AddBilling<IRefundsApi>(); //! RSTJ001
        services.AddBilling<ICustomersApi>();
    }

    public static IRefundsApi Refunds(HttpClient http) => Billing.Either<IRefundsApi>(http);
}
