// A billing app whose clients are all made by generic helpers over one shared settings object, as many apps write them.
using System;
using System.Collections.Generic;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Refit;

namespace GenericClientHelper;

public sealed record Invoice(string Number, decimal Amount, DateOnly Due);

public sealed record Customer(string Id, string Name);

public sealed record Refund(string Invoice, decimal Amount);

public interface IInvoicesApi
{
    [Get("/invoices/{number}")]
    Task<Invoice> Get(string number);
}

public interface ICustomersApi
{
    [Get("/customers")]
    Task<List<Customer>> List();
}

public interface IRefundsApi
{
    [Post("/refunds")]
    Task Create([Body] Refund refund);
}

// Refit's wire stated, so the helpers' options match it: only the missing types are reported.
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true, NumberHandling = JsonNumberHandling.AllowReadingFromString)]
[JsonSerializable(typeof(List<Customer>))]
internal sealed partial class BillingJsonContext : JsonSerializerContext;
