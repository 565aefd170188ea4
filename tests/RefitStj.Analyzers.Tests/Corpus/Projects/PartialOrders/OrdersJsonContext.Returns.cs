using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Refit;
using RefitStj;

namespace PartialOrders;

// The context's other part: the app's one serializer over it (System.Text.Json's generator takes the attributes from one part only).
internal sealed partial class OrdersJsonContext
{
    private static StjContentSerializer? s_serializer;

    // Created on first use: a static initializer here could run before the generated part's Default is set.
    public static StjContentSerializer Serializer => s_serializer ??= new StjContentSerializer(Default);
}
